import type { z } from 'zod';
import {
  ERROR_DEFAULT_MESSAGE,
  MANAGE_TOKEN_HEADER,
  ZErrorBody,
  errorCodeForStatus,
  isErrorCode,
  internalCallPath,
  type InternalCall,
} from '@flohmarkt/contracts';
import { DomainError, fail } from './errors.js';
import { currentContext, type CallerContext } from './request-context.js';
import { UnsafeTargetError } from './request-target.js';
import { ServiceUnavailableError, type ServiceClient } from './service-client.js';

interface PeerCallArgs<TBody> {
  params?: Record<string, string>;
  /** Appended as a query string (values encoded; lists joined by commas). */
  query?: Record<string, string | string[]>;
  body?: TBody;
  /** The user the call is made for; omitted: the request's own caller, if any. */
  caller?: CallerContext | null;
  /** A guest's manage token (MANAGE_TOKEN_HEADER), for a peer that decides a guest's access by it. */
  manageToken?: string;
}

/**
 * The one way an app calls another (contracts: internalCall). It fills the path, sends the caller
 * and the request id, waits at most the app's one timeout, and validates the answer against the
 * declared schema. A refusal comes back as the same DomainError the peer threw (its `code` and
 * German message); a peer that is down, times out, fails or answers something else than declared is
 * a 503 for our caller, never a wrong answer.
 */
export class PeerClient {
  constructor(
    private readonly client: Pick<ServiceClient, 'json' | 'name'>,
    private readonly timeoutMs: number,
  ) {}

  async call<TBody extends z.ZodType | null, TAnswer extends z.ZodType>(
    def: InternalCall<TBody, TAnswer>,
    args: PeerCallArgs<TBody extends z.ZodType ? z.input<TBody> : never> = {},
  ): Promise<z.infer<TAnswer>> {
    const context = currentContext();
    let answer: { status: number; body: unknown };
    try {
      answer = await this.client.json<unknown>({
        method: def.method,
        path: `${internalCallPath(def.path, args.params)}${queryString(declaredQuery(def, args.query))}`,
        body: def.body ? def.body.parse(args.body) : undefined,
        caller: args.caller === undefined ? (context?.caller ?? null) : args.caller,
        headers: args.manageToken === undefined ? undefined : { [MANAGE_TOKEN_HEADER.toLowerCase()]: args.manageToken },
        requestId: context?.requestId ?? 'internal',
        timeoutMs: this.timeoutMs,
      });
    } catch (err) {
      // Unreachable, timed out, reset, or not JSON: the peer cannot answer now.
      // The low-level cause (its code, peer, attempt) stays on the 503 for the log (gateway unavailable.ts).
      if (err instanceof ServiceUnavailableError || err instanceof SyntaxError) throw Object.assign(fail.unavailable(), { cause: err });
      // A parameter no canonical path can hold (`..`, an encoded slash) names nothing that exists.
      if (err instanceof UnsafeTargetError) throw fail.notFound();
      throw err;
    }
    if (answer.status >= 500) throw peerFailed(this.client.name, `PEER_ANSWERED_${answer.status}`);
    if (answer.status >= 400) throw refusal(answer.status, answer.body);
    const parsed = def.answer.safeParse(answer.body);
    if (!parsed.success) throw peerFailed(this.client.name, 'PEER_ANSWER_UNDECLARED');
    return parsed.data;
  }
}

/** A 503 for our caller that keeps, for the log (exception-filter.ts), which peer failed and how. */
function peerFailed(peer: string, code: string): DomainError {
  return Object.assign(fail.unavailable(), { cause: Object.assign(new Error(`${peer}: ${code}`), { code }) });
}

function refusal(status: number, body: unknown): DomainError {
  const error = ZErrorBody.safeParse(body);
  const code = error.success && isErrorCode(error.data.code) ? error.data.code : errorCodeForStatus(status);
  if (code === 'INTERNAL') return fail.unavailable();
  return new DomainError(code, error.success ? error.data.message : ERROR_DEFAULT_MESSAGE[code]);
}

/** The query as the declaration allows it; a call that declares none sends none. */
function declaredQuery(def: InternalCall<z.ZodType | null, z.ZodType>, query: PeerCallArgs<unknown>['query']): PeerCallArgs<unknown>['query'] {
  if (def.query) return def.query.parse(query ?? {});
  if (query) throw new Error(`internal call ${def.path} declares no query`);
  return undefined;
}

function queryString(query: PeerCallArgs<unknown>['query']): string {
  if (!query) return '';
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${(Array.isArray(v) ? v : [v]).map(encodeURIComponent).join(',')}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}
