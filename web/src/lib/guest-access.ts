import { MANAGE_TOKEN_HEADER, type CallAnswer, type PublicCall } from '@flohmarkt/contracts';
import { callUrl } from '@/lib/api-call';
import { request } from '@/lib/api-client';

/*
 * A guest has no session: on their manage page their stand's items, holds and photos are theirs by the
 * link's token, which goes in X-Manage-Token, never in a URL or a query key.
 */

/** How the writer is known: the session (nothing to add) or a guest's manage token. */
export interface GuestAccess {
  manageToken?: string;
}

export function tokenHeaders(access: GuestAccess): Record<string, string> | undefined {
  return access.manageToken ? { [MANAGE_TOKEN_HEADER]: access.manageToken } : undefined;
}

/**
 * callApi with the guest's header: the typed client sends no headers of a caller's own, so the URL,
 * method and Idempotency-Key still come from the declaration and only the header is added here.
 */
export function callWithAccess<TCall extends PublicCall>(
  call: TCall,
  input: { params: { id: string }; body?: unknown; signal?: AbortSignal },
  access: GuestAccess,
): Promise<CallAnswer<TCall>> {
  return request<CallAnswer<TCall>>(call.method, callUrl(call as PublicCall, { params: input.params } as never), {
    body: input.body,
    signal: input.signal,
    headers: tokenHeaders(access),
    idempotent: call.idempotent,
  });
}
