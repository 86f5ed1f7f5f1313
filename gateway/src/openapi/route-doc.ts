import type { PublicCall, TPublicMethod } from '@flohmarkt/contracts';
import type { JsonSchema } from './schemas.js';

/** A declared call as the document's generator sees it (build-document.ts). */
export interface DocumentedRoute {
  method: TPublicMethod;
  path: string;
  /** The service that answers it (tag of the operation). */
  tag: string;
  signIn?: PublicCall['signIn'];
  /** Photo calls answer errors with `error` beside `message`. */
  errorField?: boolean;
  /** The message of its rate limit, when it has one. */
  rateLimitMessage?: string;
  /** Forwarded to a service (which may be down: 503) rather than answered by the gateway alone. */
  forwarded: boolean;
  /** A larger body limit (photo uploads). */
  upload?: boolean;
}

/**
 * The prose of a declared call, for a reader of the document: everything the declaration
 * (libs/contracts/src/public-api/) does not already say. Kept here, not in the declaration, so the
 * web app's bundle carries none of it.
 */
export interface CallDoc {
  /** German: who may call it, what it does beyond the summary. */
  description?: string;
  /** The OpenAPI path, where the declaration's cannot be written as one (a trailing `*`). */
  path?: string;
  /** A German description for every `:name` of the path (or of `path` when given). */
  params?: Record<string, string>;
  /** A German description for every field of the declared query, and examples. */
  query?: { descriptions: Record<string, string>; examples?: Record<string, string> };
  /** A realistic German example of the body, checked against the declared schema by the tests. */
  bodyExample?: unknown;
  /** A realistic German example per success answer, by status, checked against its schema by the tests. */
  examples?: Partial<Record<number, unknown>>;
  /** Headers of a success answer worth telling a caller about, by status. */
  headers?: Partial<Record<number, Record<string, { description: string; schema: JsonSchema }>>>;
}

/** A declared call with its prose. */
export interface CallDocEntry {
  call: PublicCall;
  doc: CallDoc;
}

export function docOf(call: PublicCall, doc: CallDoc): CallDocEntry {
  return { call, doc };
}
