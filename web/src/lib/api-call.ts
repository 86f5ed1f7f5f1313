import { callKey, publicCallPath, publicCallQuery, type CallAnswer, type CallInput, type PublicCall } from '@flohmarkt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, request, type ListPage } from './api-client';

/*
 * The typed client of the public calls declared in libs/contracts/src/public-api/: the URL, the
 * method, whether a key makes the write safe to retry, the input and the answer's type all come
 * from the declaration, so no fetcher writes a path or a type of its own.
 */

type Located<TCall extends PublicCall> = Pick<CallInput<TCall>, 'params' | 'query'>;

/** The input as an argument that may be left out when nothing in it is required. */
type InputArgument<T> = Partial<T> extends T ? [T?] : [T];

/** The URL of a declared call (same origin): for fetches, and for links to files (a PDF, a calendar). */
export function callUrl<TCall extends PublicCall>(call: TCall, ...[input]: InputArgument<Located<TCall>>): string {
  const located = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  return publicCallPath(call, located.params) + publicCallQuery(located.query);
}

/** Makes a declared call and answers its success body; a failure throws ApiError or NoConnectionError (api-client.ts). */
export function callApi<TCall extends PublicCall>(
  call: TCall,
  ...[input]: InputArgument<CallInput<TCall> & { signal?: AbortSignal }>
): Promise<CallAnswer<TCall>> {
  const given = (input ?? {}) as CallInput<PublicCall> & { signal?: AbortSignal };
  return request<CallAnswer<TCall>>(call.method, callUrl(call, given as never), { body: given.body, signal: given.signal, idempotent: call.idempotent });
}

/** A declared list call's page: its items and the total the server counts in X-Total-Count. */
export function callApiPage<TCall extends PublicCall>(
  call: TCall,
  ...[input]: InputArgument<CallInput<TCall> & { signal?: AbortSignal }>
): Promise<ListPage<CallAnswer<TCall> extends (infer Item)[] ? Item : never>> {
  const given = (input ?? {}) as CallInput<PublicCall> & { signal?: AbortSignal };
  return api.getPage(callUrl(call, given as never), { signal: given.signal });
}

/**
 * The query key of a call's answer: the call, then what the answer depends on. `callQueryKey(call)`
 * alone is the prefix of every answer of that call, for invalidation (TanStack Query matches keys by
 * prefix); `callQueryKey(call, { params })` of every answer for those path values.
 */
export function callQueryKey<TCall extends PublicCall>(call: TCall, input?: Partial<Located<TCall>>): readonly unknown[] {
  const key: unknown[] = [callKey(call)];
  if (input?.params !== undefined) key.push(input.params);
  if (input?.query !== undefined) key.push(input.query);
  return key;
}

/**
 * A declared read as TanStack Query's options: the key is callQueryKey's, and the query's signal goes
 * with the request, so a read nobody waits for any more (a page left, a map moved on) is aborted.
 */
export function callQueryOptions<TCall extends PublicCall>(call: TCall, ...[input]: InputArgument<CallInput<TCall>>) {
  return queryOptions({
    queryKey: callQueryKey(call, input as Partial<Located<TCall>> | undefined),
    queryFn: ({ signal }) => callApi(call, { ...input, signal } as never),
  });
}
