export * from './public-route.js';
export * from './request-input.js';
