import type { z } from 'zod';

/** Who answers a public call: a service behind the gateway, or the gateway itself (sign-in, session, health). */
export type TPublicService = 'events' | 'stands' | 'media' | 'auth' | 'gateway';

export type TPublicMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The limits the gateway keeps per client address for a call (gateway/src/http/rate-limit.ts). */
export type TRateLimit = 'guestRegistration' | 'photoUpload' | 'signIn' | 'teamInvite';

/**
 * The statuses an entry names its own German messages for; 401, 403 (cross-site), 413, 503 and the
 * 429 of a `rateLimit` follow from the call itself. A 429 here is a limit of the call's own (the
 * route planner's per-minute limit).
 */
export type TDocumentedErrorStatus = 400 | 403 | 404 | 409 | 410 | 422 | 429;

/** One answer of a call that is not an error: its status, what it is, and its body's type. */
export interface PublicAnswer {
  status: 200 | 201 | 204 | 302 | 304 | 503;
  /** German, one sentence: what the caller gets. */
  description: string;
  /** The body's shape (zod's output view); absent for an answer without a JSON-like body. */
  schema?: z.ZodType;
  /** The body is a JSON array of `schema`. */
  list?: boolean;
  /** The body's media type: `application/json` when a schema is given, else required (a PDF, a photo, a calendar). */
  mediaType?: string;
}

/**
 * One public call of the product, declared once (the way internal-call.ts declares the calls between
 * the apps). Everything else is derived from it: the gateway's route table and its policies, the
 * OpenAPI document (with the prose of gateway/src/openapi/docs-*.ts beside it), the service's
 * route and request validation (server-kit's @PublicRoute) and the web app's typed client and query keys.
 * Prose beyond the summary (descriptions, examples) lives in the gateway's docs files, keyed by this
 * object, so the web app's bundle carries none of it.
 */
export interface PublicCall<
  TPath extends string = string,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TAnswers extends readonly PublicAnswer[] = readonly PublicAnswer[],
> {
  method: TPublicMethod;
  /** The path under /api; `:name` is one segment, a trailing `*` the rest. The service receives it without /api. */
  path: TPath;
  service: TPublicService;
  /** German, a short line: the OpenAPI summary. */
  summary: string;
  /**
   * 401 before anything else when signed out. `or-manage-token`: a guest's manage token in
   * X-Manage-Token stands in for the session (what a guest may do to their own stand without an
   * account), 401 only without either. Finer rules (owner, organiser, admin) are the service's, named in `errors`.
   */
  signIn?: boolean | 'or-manage-token';
  rateLimit?: TRateLimit;
  /**
   * `shared`: a signed-out caller's answer may be served from the gateway's short shared cache
   * (gateway/src/http/public-read-cache.ts). Absent: every request reaches the service.
   */
  cache?: 'shared';
  /** A larger body limit and a longer timeout (photo uploads). */
  upload?: boolean;
  /** Errors repeat the message in `error` beside `message` (photo calls, as the contract says). */
  errorField?: boolean;
  /**
   * The call takes no body, and whatever a client sends is read (within the limit) and dropped,
   * not parsed: a mail program's one-click opt-out posts the form `List-Unsubscribe=One-Click`.
   */
  bodyIgnored?: boolean;
  /** A success ends the caller's session: the account it belonged to no longer exists. */
  endsSession?: boolean;
  /** The path holds a secret token (the credential): every answer is `private, no-store`. */
  secretInPath?: boolean;
  /**
   * A write taken from any origin: the path's token is the credential, and a mail program posts it
   * from wherever it runs (RFC 8058 one-click), not from our pages. Other writes must come from ours.
   */
  anyOrigin?: boolean;
  /** A write safe to retry with `Idempotency-Key` (ADR 0016). */
  idempotent?: boolean;
  /** Only for the gateway's own calls: answered without asking any service, so never 503 for a service. */
  answeredByGatewayAlone?: boolean;
  /** The query string's fields (input view: text as it arrives). */
  query?: TQuery;
  /** Fields the service refuses to go without although the schema's input view lets them be absent. */
  queryRequired?: readonly string[];
  /** The JSON body (input view). */
  body?: TBody;
  /** The call works without a body too. */
  bodyOptional?: boolean;
  /** Fields the service answers 400 for when missing, though the schema's input view marks them optional. */
  bodyAlsoRequired?: readonly string[];
  answers: TAnswers;
  /** German messages (from this library) the call answers with these statuses. */
  errors?: Partial<Record<TDocumentedErrorStatus, readonly string[]>>;
}

/** Declares a call, keeping its literal types (path, schemas, answers) for the typed client. */
export function publicCall<
  const TPath extends string,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
  const TAnswers extends readonly PublicAnswer[] = readonly PublicAnswer[],
>(call: PublicCall<TPath, TQuery, TBody, TAnswers>): PublicCall<TPath, TQuery, TBody, TAnswers> {
  return call;
}

/**
 * `publicCall` for the calls of one service: a file that declares several of them names the
 * service once (`const standsCall = callsOf('stands')`) instead of in every declaration.
 */
export function callsOf(service: TPublicService) {
  return <
    const TPath extends string,
    TQuery extends z.ZodType | undefined = undefined,
    TBody extends z.ZodType | undefined = undefined,
    const TAnswers extends readonly PublicAnswer[] = readonly PublicAnswer[],
  >(
    call: Omit<PublicCall<TPath, TQuery, TBody, TAnswers>, 'service'>,
  ): PublicCall<TPath, TQuery, TBody, TAnswers> => ({ ...call, service });
}

/** `'/events/:id/stands'` → `'id'`: the names of a path's `:name` segments. */
export type PathParamNames<TPath extends string> = TPath extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : TPath extends `${string}:${infer Name}`
    ? Name
    : TPath extends `${string}*`
      ? 'rest'
      : never;

/** The values of a call's path segments. */
export type CallParams<TCall extends PublicCall> = { [K in PathParamNames<TCall['path']>]: string };

/** What a caller may send in a call's query string. */
export type CallQuery<TCall extends PublicCall> = Declared<TCall['query']> extends z.ZodType ? z.input<Declared<TCall['query']>> : never;

/** What a caller may send as a call's body. */
export type CallBody<TCall extends PublicCall> = Declared<TCall['body']> extends z.ZodType ? z.input<Declared<TCall['body']>> : never;

/**
 * A declared schema without the `undefined` its optional property adds (`never` when the call
 * declares none): `ZodObject | undefined` would extend no schema, and `never` every one.
 */
type Declared<T> = [Exclude<T, undefined>] extends [never] ? never : Exclude<T, undefined>;
type Takes<T> = [Declared<T>] extends [never] ? false : true;

/**
 * What a caller passes to make a call: the path's values when it has any, the query when it takes
 * one, the body when it takes one (typed from the declaration, so a wrong field is a compile error).
 */
export type CallInput<TCall extends PublicCall> = ([PathParamNames<TCall['path']>] extends [never] ? { params?: undefined } : { params: CallParams<TCall> }) &
  (Takes<TCall['query']> extends true ? { query?: CallQuery<TCall> } : { query?: undefined }) &
  (Takes<TCall['body']> extends true ? { body: CallBody<TCall> } : { body?: undefined });

type SuccessAnswer<TAnswers> = TAnswers extends readonly [infer First, ...infer Rest]
  ? First extends { status: 200 | 201; schema: z.ZodType }
    ? First
    : SuccessAnswer<Rest>
  : never;

/** The body of a call's success answer (its first 200 or 201 with a schema; `undefined` for calls without one). */
export type CallAnswer<TCall extends PublicCall> = [SuccessAnswer<TCall['answers']>] extends [never]
  ? undefined
  : SuccessAnswer<TCall['answers']> extends { schema: infer S extends z.ZodType; list: true }
    ? z.output<S>[]
    : SuccessAnswer<TCall['answers']> extends { schema: infer S extends z.ZodType }
      ? z.output<S>
      : undefined;

/** `GET /events/:id`: how the gateway's tables and logs name a call. */
export function callKey(call: Pick<PublicCall, 'method' | 'path'>): string {
  return `${call.method} ${call.path}`;
}

/**
 * The path of a call under /api with its `:name` segments filled in, each value encoded as one
 * segment; a trailing `*` takes `rest` as it is (already a path).
 */
export function publicCallPath(call: Pick<PublicCall, 'path'>, params: Record<string, string> = {}): string {
  return `/api${serviceCallPath(call, params)}`;
}

/** The same path as the service that answers the call receives it (the gateway strips /api). */
export function serviceCallPath(call: Pick<PublicCall, 'path'>, params: Record<string, string> = {}): string {
  return call.path
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${call.path}: no :${name}`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, () => {
      const rest = params.rest;
      if (rest === undefined) throw new Error(`${call.path}: no rest`);
      return rest;
    });
}

/**
 * A pattern that matches the paths of a call as a browser requests them (`/api/events/…`): a `:name`
 * is one segment, a trailing `*` the rest. For code that must recognise a call by its URL (the web
 * app's service worker).
 */
export function publicCallPattern(call: Pick<PublicCall, 'path'>): RegExp {
  const source = call.path
    .split('/')
    .map((segment) => (segment === '*' ? '[^?#]+' : segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/api${source}$`);
}

/** The query string of a call (with its `?`), from plain values: lists comma-separated, absent values left out. */
export function publicCallQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, Array.isArray(value) ? value.join(',') : value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
