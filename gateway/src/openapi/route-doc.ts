import type { z } from 'zod';
import type { PublicCall, TPublicMethod } from '@flohmarkt/contracts';
import type { JsonSchema, RequestSchemaName, ResponseSchemaName } from './schemas.js';

export type HttpMethod = TPublicMethod;

/** The error statuses a documentation entry may name messages for; 401, 413, 429 and 503 follow from the route itself. */
export type DocumentedErrorStatus = 400 | 403 | 404 | 409 | 422;

/** One success answer of a call. */
export interface AnswerDoc {
  status: 200 | 201 | 204 | 302 | 304 | 503;
  /** German, one sentence: what the caller gets. */
  description: string;
  schema?: ResponseSchemaName;
  /** The answer is a JSON array of `schema`. */
  list?: boolean;
  /** A realistic German example, checked against `schema` by the tests. */
  example?: unknown;
  /** Anything but JSON (photos). */
  mediaType?: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/**
 * What a person needs to call one route of the table. The generator adds what follows from the
 * route table itself: sign-in (401), body limits (413), rate limits (429), the CSRF check on writes
 * (403), hostile text (400) and the unreachable service (503).
 */
export interface RouteDoc {
  /** German, a short line. */
  summary: string;
  /** German: who may call it, what it does beyond the summary. */
  description?: string;
  /** The OpenAPI path, where the table's pattern cannot be written as one (a trailing `*`). */
  path?: string;
  /** A German description for every `:name` of the path (or of `path` when given). */
  params?: Record<string, string>;
  query?: {
    schema: z.ZodType;
    /** A German description for every field of `schema`. */
    descriptions: Record<string, string>;
    /** Fields the service refuses to go without although the zod input view lets them be absent. */
    required?: string[];
    examples?: Record<string, string>;
  };
  body?: {
    schema: RequestSchemaName;
    /** A realistic German example, checked against `schema` by the tests. */
    example: unknown;
    /** Fields the service answers 400 for when missing, though the zod input view marks them optional. */
    alsoRequired?: string[];
    /** The call works without a body too. */
    optional?: boolean;
  };
  answers: AnswerDoc[];
  /** German messages (from libs/contracts) this route answers with these statuses. */
  errors?: Partial<Record<DocumentedErrorStatus, string[]>>;
  /**
   * A creating write safe to retry with `Idempotency-Key` (issue 31): the generator adds the header,
   * `Idempotent-Replayed` on the answers, and the 400, 409 and 422 of a key.
   */
  idempotent?: boolean;
}

/** A route of the public API as the document sees it: the route table's, or one the gateway answers itself. */
export interface DocumentedRoute {
  method: HttpMethod;
  path: string;
  /** The service that answers it (tag of the operation). */
  tag: string;
  signIn?: boolean;
  /** Photo calls answer errors with `error` beside `message`. */
  errorField?: boolean;
  /** The message of its rate limit, when it has one. */
  rateLimitMessage?: string;
  /** Forwarded to a service (which may be down: 503) rather than answered by the gateway alone. */
  forwarded: boolean;
  /** A larger body limit (photo uploads). */
  upload?: boolean;
}

export const routeKey = (method: string, path: string): string => `${method} ${path}`;

/** The documentation table: one entry per `METHOD /path` of the route table and of the gateway's own routes. */
export type RouteDocTable = Record<string, RouteDoc>;

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
