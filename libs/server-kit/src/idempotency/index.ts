export * from './idempotent-requests-table.js';
export * from './idempotency-store.js';
export * from './idempotent.interceptor.js';
export * from './request-fingerprint.js';
export * from './forget-user-requests.js';
