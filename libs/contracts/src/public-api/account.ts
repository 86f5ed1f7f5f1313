import type { PublicCall } from './public-call.js';

/** The account calls, in the order the OpenAPI document lists them. */
export const ACCOUNT_CALLS: readonly PublicCall[] = [];
