import type { PublicCall } from './public-call.js';

/** The stands calls, in the order the OpenAPI document lists them. */
export const STANDS_CALLS: readonly PublicCall[] = [];
