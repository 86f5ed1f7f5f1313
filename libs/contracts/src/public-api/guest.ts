import type { PublicCall } from './public-call.js';

/** The guest calls, in the order the OpenAPI document lists them. */
export const GUEST_CALLS: readonly PublicCall[] = [];
