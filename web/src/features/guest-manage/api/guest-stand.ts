import { GET_GUEST_STAND, WITHDRAW_GUEST_STAND, ZGuestManageToken, type TGuestStandView } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standOverviewQueryKey } from '@/features/stands/api/get-stand-overview';
import { callApi, callQueryKey } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { PHOTO_POLL_MS, hasPhotoProcessing } from '@/lib/photo-states';

// The token is the only key: it goes to its own calls and nowhere else.
export const guestStandQueryKey = (token: string) => callQueryKey(GET_GUEST_STAND, { params: { token } });

/**
 * GET /api/guest-stands/{token} (api-contract "Guests"): the guest's stand with its status, the
 * organiser's reason when rejected, the event, the submitted fields and the photos (read again every
 * 2 seconds while one is being processed, as the stand page does). A string that cannot be a token is
 * answered like an unknown one without asking the server.
 */
export function useGuestStand(token: string) {
  return useQuery({
    queryKey: guestStandQueryKey(token),
    queryFn: ({ signal }) =>
      ZGuestManageToken.safeParse(token).success
        ? callApi(GET_GUEST_STAND, { params: { token }, signal })
        : Promise.reject(new ApiError('Nicht gefunden.', 404, null)),
    refetchInterval: (query) => (hasPhotoProcessing(query.state.data) ? PHOTO_POLL_MS : false),
  });
}

/**
 * DELETE /api/guest-stands/{token}: the registration is withdrawn. The page keeps what it showed with
 * the state 'withdrawn' (reading again answers 404: the stand has left every list); the event, its
 * stand list and, where the organiser has them in this browser, the review list and the counters are
 * marked stale for their next showing.
 */
export function useWithdrawGuestStand(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(WITHDRAW_GUEST_STAND, { params: { token } }),
    onSuccess: () => {
      const current = queryClient.getQueryData<TGuestStandView>(guestStandQueryKey(token));
      if (!current) return;
      queryClient.setQueryData<TGuestStandView>(guestStandQueryKey(token), { ...current, status: 'withdrawn', isDraft: false, isApproved: false });
      const eventId = current.eventId;
      for (const queryKey of [eventQueryKey(eventId), eventStandsQueryKey(eventId), draftStandsQueryKey(eventId), standOverviewQueryKey(eventId)])
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    },
  });
}
