import { CREATE_ITEM, DELETE_ITEM, LIST_STAND_ITEMS, UPDATE_ITEM, type CallBody, type TItem, type TStand } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { standHoldsQueryKey } from '@/features/holds/api/holds';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { callQueryKey } from '@/lib/api-call';
import { callWithAccess, type GuestAccess } from '@/lib/guest-access';

/*
 * A stand's items (issue 35): read by everyone who may read the stand, written by whoever may edit it.
 * A guest has no session: their manage token goes in X-Manage-Token (lib/guest-access.ts).
 */

export type TItemCreateBody = CallBody<typeof CREATE_ITEM>;
export type TItemUpdateBody = CallBody<typeof UPDATE_ITEM>;

export const standItemsQueryKey = (standId: string) => callQueryKey(LIST_STAND_ITEMS, { params: { id: standId } });

/** The stand's items, the newest first. */
export function useStandItems(standId: string, access: GuestAccess = {}) {
  return useQuery({
    queryKey: standItemsQueryKey(standId),
    queryFn: ({ signal }) => callWithAccess(LIST_STAND_ITEMS, { params: { id: standId }, signal }, access),
  });
}

/**
 * Adding, changing and removing an item: the list is read again, and the market's stand list (whose
 * cards count the items) is marked stale for its next showing; a sale reads the stand's holds again too.
 */
export function useItemWrites(stand: Pick<TStand, 'id' | 'eventId'>, access: GuestAccess = {}) {
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
    // A sale ends the item's hold on the server: the seller's „Reservierungen“ show it without a reload.
    onSuccess: async (_saved, { body }) => {
      if (body.sold) void queryClient.invalidateQueries({ queryKey: standHoldsQueryKey(stand.id) });
      await settled();
    },
  });
  const remove = useMutation({
    mutationFn: (item: TItem) => callWithAccess(DELETE_ITEM, { params: { id: item.id } }, access),
    onSuccess: settled,
  });
  return { create, update, remove };
}
