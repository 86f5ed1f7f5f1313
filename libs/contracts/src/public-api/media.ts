import type { PublicCall } from './public-call.js';

/** The media calls, in the order the OpenAPI document lists them. */
export const MEDIA_CALLS: readonly PublicCall[] = [];
