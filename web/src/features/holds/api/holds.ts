import { DECIDE_HOLD, GET_HOLD, LIST_MY_HOLDS, LIST_STAND_HOLDS, REQUEST_HOLD, type THold, type THoldDecision, type TItem } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { standItemsQueryKey } from '@/features/items/api/items';
import { callWithAccess, type GuestAccess } from '@/lib/guest-access';
import { callApi, callQueryKey } from '@/lib/api-call';

/*
 * Free holds ("Reservieren", issue 35): the visitor's request and their list, the seller's list of a
 * stand's holds with the decisions (signed in, or a guest with the manage token in X-Manage-Token),
 * and the one hold the seller's mail links to (its token goes in the PATCH body, as the contract says).
 */

export const myHoldsQueryKey = callQueryKey(LIST_MY_HOLDS);
export const standHoldsQueryKey = (standId: string) => callQueryKey(LIST_STAND_HOLDS, { params: { id: standId } });
/** Every read of one hold (with or without a mail's token): the token stays out of the prefix used to invalidate. */
export const holdQueryKey = (id: string) => callQueryKey(GET_HOLD, { params: { id } });

/** The caller's holds, open ones first (signed in only: nothing is asked for a visitor without a session). */
export function useMyHolds(enabled = true) {
  return useQuery({ queryKey: myHoldsQueryKey, queryFn: ({ signal }) => callApi(LIST_MY_HOLDS, { signal }), enabled });
}

/** The holds of a stand's items, for its seller (`enabled` false for anyone else: the list is theirs only). */
export function useStandHolds(standId: string, access: GuestAccess = {}, enabled = true) {
  return useQuery({
    queryKey: standHoldsQueryKey(standId),
    queryFn: ({ signal }) => callWithAccess(LIST_STAND_HOLDS, { params: { id: standId }, signal }, access),
    enabled,
  });
}

/**
 * One hold as the mail's link opens it. Only a read: a mail scanner that follows the link changes
 * nothing; the decision is the seller's press of a button.
 */
export function useHold(id: string, token: string | undefined) {
  return useQuery({
    queryKey: [...holdQueryKey(id), { token }],
    queryFn: ({ signal }) => callApi(GET_HOLD, { params: { id }, query: token ? { token } : {}, signal }),
    retry: false,
  });
}

/** After any change of a hold: its stand's items (an accepted hold shows „reserviert“), the seller's and the holder's lists. */
async function holdChanged(queryClient: QueryClient, hold: Pick<THold, 'id' | 'standId'>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: standItemsQueryKey(hold.standId) }),
    queryClient.invalidateQueries({ queryKey: standHoldsQueryKey(hold.standId) }),
    queryClient.invalidateQueries({ queryKey: myHoldsQueryKey }),
    queryClient.invalidateQueries({ queryKey: holdQueryKey(hold.id) }),
  ]);
}

/** The visitor asks the seller to keep an item (POST, safe to retry with its Idempotency-Key). */
export function useRequestHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<TItem, 'id' | 'standId'>) => callApi(REQUEST_HOLD, { params: { id: item.id } }),
    onSuccess: (created, item) => holdChanged(queryClient, { id: created.id, standId: item.standId }),
  });
}

export interface HoldDecisionInput {
  hold: Pick<THold, 'id' | 'standId'>;
  decision: THoldDecision;
}

/**
 * Accept, decline or end a hold: the seller (session or a guest's manage token), the holder ending
 * their own, or the seller's mail link (`token`, sent in the body).
 */
export function useDecideHold(access: GuestAccess & { token?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hold, decision }: HoldDecisionInput) =>
      callWithAccess(DECIDE_HOLD, { params: { id: hold.id }, body: access.token ? { decision, token: access.token } : { decision } }, access),
    onSuccess: (_saved, { hold }) => holdChanged(queryClient, hold),
  });
}
