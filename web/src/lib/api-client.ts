import { API_ERRORS, ERROR_CODE_HEADER, IDEMPOTENCY_HEADERS, type TErrorCode } from '@flohmarkt/contracts';
import { readErrorBody } from './api-error';
import { SAFE_RETRY_DELAY_MS, keyForSubmission, settleSubmission } from './idempotent-submission';

/**
 * The one HTTP client of the web app. Same-origin calls with the session cookie, JSON in and out.
 * A non-OK answer throws an {@link ApiError} whose message is the body's `message` field (the German
 * sentence the gateway sends), else for a 429 the general German one, else 'HTTP error! status: {code}';
 * its `code` names a specific refusal (ERROR_CODES), by which a caller tells it apart, never by the text.
 * No answer at all throws a {@link NoConnectionError} with a German sentence.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The specific refusal the answer names (e.g. ERROR_CODES.STAND_TOO_FAR), else undefined. */
  readonly code: string | undefined;

  /** `code`: the answer's Error-Code header; without one, a code the body may carry (readErrorBody). */
  constructor(message: string, status: number, body: unknown, code?: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = code || readErrorBody(body).code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether the call was refused with this specific code (ERROR_CODES): how a caller tells a refusal apart, never by its text. */
export function hasErrorCode(error: unknown, code: TErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}

export function isUnauthorizedError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** A limit or budget refused the call (429): the query client shows its message as a toast (query-client.ts). */
export function isRateLimitedError(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 429;
}

/** What the user reads when no answer came at all (offline, no reception, DNS): never the browser's English "Failed to fetch". */
export const NO_CONNECTION_MESSAGE = 'Keine Verbindung. Bitte prüfe deine Internetverbindung.';

/** The call never reached the server or its answer never arrived (fetch rejected; an abort is not this). */
export class NoConnectionError extends Error {
  /** Tells it apart from any other Error by its type too, so narrowing one away leaves the others. */
  readonly noConnection = true;

  constructor(options?: { cause?: unknown }) {
    super(NO_CONNECTION_MESSAGE, options);
    this.name = 'NoConnectionError';
  }
}

export function isNoConnectionError(error: unknown): error is NoConnectionError {
  return error instanceof NoConnectionError;
}

/** fetch, with its network failure (a TypeError whose text is the browser's own) as {@link NoConnectionError}. */
async function fetchOrNoConnection(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    // An abort is the caller's own doing (a query cancelled, a page left): it stays what it is.
    if (init.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new NoConnectionError({ cause: error });
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A creating write the server runs at most once per key (issue 31): sent with an Idempotency-Key,
   * the same one on the automatic retry after a 503 or a lost connection, and on the user's next
   * press of the same submission until it got a final answer (idempotent-submission.ts).
   */
  idempotent?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  // A proxy in front of the gateway may answer 429 without our body: the user still reads German.
  return readErrorBody(body).message ?? (status === 429 ? API_ERRORS.tooManyRequests : `HTTP error! status: ${status}`);
}

async function send(method: Method, url: string, options: RequestOptions): Promise<{ body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const response = await fetchOrNoConnection(url, init);
  // The connection may also drop while the body streams in.
  const body = await readBody(response).catch((error: unknown) => {
    throw init.signal?.aborted ? error : new NoConnectionError({ cause: error });
  });
  if (!response.ok) throw new ApiError(errorMessage(body, response.status), response.status, body, response.headers.get(ERROR_CODE_HEADER));
  return { body, headers: response.headers };
}

/** No answer, or the service unavailable (503): the write may or may not have been done. */
function outcomeUnknown(error: unknown): boolean {
  return isNoConnectionError(error) || (isApiError(error) && error.status === 503);
}

/**
 * The server's 409 for a key whose first request still runs: the only 409 whose outcome is open.
 * Every other 409 ("Stand bereits angemeldet", "schon angekommen") is a final answer, replayed as
 * it is for as long as the key is remembered, so a next press with that key could never succeed.
 */
function stillBeingWorkedOn(error: unknown): boolean {
  // A typed literal (TErrorCode), not ERROR_CODES: the table would join the first paint's script.
  return hasErrorCode(error, 'IDEMPOTENT_REQUEST_PENDING');
}

/**
 * Runs a creating write with its submission's Idempotency-Key and retries it once, with the same
 * key, when the outcome is unknown. The 409 "still being worked on" keeps the key too; any other
 * answer is final and forgets it. `submission` names what the user sent (method, URL, body); `run` sends it with the headers.
 */
export async function withIdempotencyKey<T>(submission: string, run: (headers: Record<string, string>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const headers = { [IDEMPOTENCY_HEADERS.key]: keyForSubmission(submission) };
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await run(headers);
      settleSubmission(submission, 'final');
      return answer;
    } catch (error) {
      const unknown = outcomeUnknown(error);
      // Any 5xx keeps the key as well: the write may have been committed before the failure, and the
      // server then answers this key's next press with the 409 "schon angekommen" instead of writing twice.
      const serverFailed = isApiError(error) && error.status >= 500;
      settleSubmission(submission, unknown || serverFailed || stillBeingWorkedOn(error) ? 'unknown' : 'final');
      if (attempt > 1 || !unknown || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, SAFE_RETRY_DELAY_MS));
    }
  }
}

function sendIdempotent(method: Method, url: string, options: RequestOptions): Promise<{ body: unknown; headers: Headers }> {
  const submission = `${method} ${url} ${JSON.stringify(options.body ?? null)}`;
  return withIdempotencyKey(submission, (headers) => send(method, url, { ...options, headers: { ...options.headers, ...headers } }), options.signal);
}

export async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  return (await (options.idempotent ? sendIdempotent(method, url, options) : send(method, url, options))).body as T;
}

/** One page of a bounded list and the number of all items that match, beyond the page. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * The total of X-Total-Count. An answer without a readable one counts only its own items, which
 * is all a caller could have known before lists were paged.
 */
function totalOf(headers: Headers, items: unknown[]): number {
  const raw = headers.get('x-total-count')?.trim() ?? '';
  const total = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(total) ? total : items.length;
}

/** GET of a paged list: the body's items with the total the server sends in X-Total-Count. */
async function getListPage<T>(url: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ListPage<T>> {
  const { body, headers } = await send('GET', url, options);
  const items = Array.isArray(body) ? (body as T[]) : [];
  return { items, total: totalOf(headers, items) };
}

export const api = {
  getPage: <T>(url: string, options?: Omit<RequestOptions, 'body'>) => getListPage<T>(url, options),
  get: <T>(url: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};
