import type { PublicCall } from './public-call.js';

/** The print calls, in the order the OpenAPI document lists them. */
export const PRINT_CALLS: readonly PublicCall[] = [];
