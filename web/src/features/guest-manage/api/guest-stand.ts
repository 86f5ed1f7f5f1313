import { ZGuestManageToken, type TGuestStandView } from '@flohmarkt/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

// The token is the only key: it goes to its own calls and nowhere else.
export const guestStandQueryKey = (token: string) => ['guest-stands', token] as const;

const path = (token: string) => `/api/guest-stands/${encodeURIComponent(token)}`;

/**
 * GET /api/guest-stands/{token} (api-contract "Guests"): the guest's stand with its status, the
 * organiser's reason when rejected, the event and the submitted fields. A string that cannot be a
 * token is answered like an unknown one without asking the server.
 */
export function getGuestStand(token: string, signal?: AbortSignal): Promise<TGuestStandView> {
  if (!ZGuestManageToken.safeParse(token).success) return Promise.reject(new ApiError('Nicht gefunden.', 404, null));
  return api.get<TGuestStandView>(path(token), { signal });
}

export const guestStandQueryOptions = (token: string) =>
  queryOptions({ queryKey: guestStandQueryKey(token), queryFn: ({ signal }) => getGuestStand(token, signal) });

export function useGuestStand(token: string) {
  return useQuery(guestStandQueryOptions(token));
}

export function withdrawGuestStand(token: string): Promise<void> {
  return api.delete<void>(path(token));
}

/**
 * DELETE /api/guest-stands/{token}: the registration is withdrawn. The page keeps what it showed with
 * the state 'withdrawn' (reading again answers 404: the stand has left every list); the event's
 * stand lists are marked stale for their next showing.
 */
export function useWithdrawGuestStand(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawGuestStand(token),
    onSuccess: () => {
      const current = queryClient.getQueryData<TGuestStandView>(guestStandQueryKey(token));
      if (!current) return;
      queryClient.setQueryData<TGuestStandView>(guestStandQueryKey(token), { ...current, status: 'withdrawn', isDraft: false, isApproved: false });
      void queryClient.invalidateQueries({ queryKey: ['events', current.eventId], refetchType: 'none' });
    },
  });
}
