import type { PublicCall } from './public-call.js';

/** The mail calls, in the order the OpenAPI document lists them. */
export const MAIL_CALLS: readonly PublicCall[] = [];
