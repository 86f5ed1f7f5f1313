import type { PublicCall } from './public-call.js';

/** The admin calls, in the order the OpenAPI document lists them. */
export const ADMIN_CALLS: readonly PublicCall[] = [];
