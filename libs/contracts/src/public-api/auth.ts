import type { PublicCall } from './public-call.js';

/** The auth calls, in the order the OpenAPI document lists them. */
export const AUTH_CALLS: readonly PublicCall[] = [];
