import type { PublicCall } from './public-call.js';

/** The my-events calls, in the order the OpenAPI document lists them. */
export const MY_EVENTS_CALLS: readonly PublicCall[] = [];
