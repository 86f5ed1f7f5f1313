import type { PublicCall } from './public-call.js';

/** The favourites calls, in the order the OpenAPI document lists them. */
export const FAVOURITES_CALLS: readonly PublicCall[] = [];
