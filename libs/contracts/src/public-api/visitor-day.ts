import type { PublicCall } from './public-call.js';

/** The visitor-day calls, in the order the OpenAPI document lists them. */
export const VISITOR_DAY_CALLS: readonly PublicCall[] = [];
