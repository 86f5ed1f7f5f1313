import {
  CREATE_ITEM,
  DELETE_ITEM,
  LIST_STAND_ITEMS,
  MANAGE_TOKEN_HEADER,
  UPDATE_ITEM,
  type CallAnswer,
  type CallBody,
  type PublicCall,
  type TItem,
  type TStand,
} from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { callQueryKey, callUrl } from '@/lib/api-call';
import { request } from '@/lib/api-client';

/*
 * A stand's items (issue 35): read by everyone who may read the stand, written by whoever may edit it.
 * A guest has no session: their manage token goes in X-Manage-Token, never in a URL or a query key.
 */

export type TItemCreateBody = CallBody<typeof CREATE_ITEM>;
export type TItemUpdateBody = CallBody<typeof UPDATE_ITEM>;

/** How the writer is known: the session (nothing to add) or a guest's manage token. */
export interface ItemAccess {
  manageToken?: string;
}

export function tokenHeaders(access: ItemAccess): Record<string, string> | undefined {
  return access.manageToken ? { [MANAGE_TOKEN_HEADER]: access.manageToken } : undefined;
}

/**
 * callApi with the guest's header: the typed client sends no headers of a caller's own, so the URL,
 * method and Idempotency-Key still come from the declaration and only the header is added here.
 * Also the seller's hold and item photo calls (features/holds/api, item-photos.ts) go through it.
 */
export function callWithAccess<TCall extends PublicCall>(
  call: TCall,
  input: { params: { id: string }; body?: unknown; signal?: AbortSignal },
  access: ItemAccess,
): Promise<CallAnswer<TCall>> {
  return request<CallAnswer<TCall>>(call.method, callUrl(call as PublicCall, { params: input.params } as never), {
    body: input.body,
    signal: input.signal,
    headers: tokenHeaders(access),
    idempotent: call.idempotent,
  });
}

export const standItemsQueryKey = (standId: string) => callQueryKey(LIST_STAND_ITEMS, { params: { id: standId } });

/** The stand's items, the newest first. */
export function useStandItems(standId: string, access: ItemAccess = {}) {
  return useQuery({
    queryKey: standItemsQueryKey(standId),
    queryFn: ({ signal }) => callWithAccess(LIST_STAND_ITEMS, { params: { id: standId }, signal }, access),
  });
}

/**
 * Adding, changing and removing an item: the list is read again, and the market's stand list (whose
 * cards count the items) is marked stale for its next showing.
 */
export function useItemWrites(stand: Pick<TStand, 'id' | 'eventId'>, access: ItemAccess = {}) {
  const queryClient = useQueryClient();
  const settled = async () => {
    void queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(stand.eventId), refetchType: 'none' });
    await queryClient.invalidateQueries({ queryKey: standItemsQueryKey(stand.id) });
  };
  const create = useMutation({
    mutationFn: (body: TItemCreateBody) => callWithAccess(CREATE_ITEM, { params: { id: stand.id }, body }, access),
    onSuccess: settled,
  });
  const update = useMutation({
    mutationFn: ({ item, body }: { item: TItem; body: TItemUpdateBody }) => callWithAccess(UPDATE_ITEM, { params: { id: item.id }, body }, access),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (item: TItem) => callWithAccess(DELETE_ITEM, { params: { id: item.id } }, access),
    onSuccess: settled,
  });
  return { create, update, remove };
}
