import type { PublicCall } from './public-call.js';

/** The gateway calls, in the order the OpenAPI document lists them. */
export const GATEWAY_CALLS: readonly PublicCall[] = [];
