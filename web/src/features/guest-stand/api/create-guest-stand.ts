import { CREATE_GUEST_STAND, ZGuestManageToken, type CallAnswer, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { callApi } from '@/lib/api-call';

/** What the guest is shown after sending: the private link (api-contract "Guests") and where it was mailed. */
export interface GuestStandCreated {
  manageUrl: string | null;
  mailedTo: string | null;
  /** Issue 18: the registration went onto the waitlist (the event was booked up), at this place. */
  waitlisted: boolean;
  waitlistPosition: number | null;
  /** How many of the chosen photos could not be uploaded (the guest can add them on their manage page). */
  photosFailed: number;
}

export type GuestStandCreatedAnswer = CallAnswer<typeof CREATE_GUEST_STAND>;

/** The token at the end of the manage link the answer brings (`…/anmeldung/<token>`): the guest's key to their stand's photos. */
export function manageTokenOf(manageUrl: string | null | undefined): string | null {
  const token = manageUrl?.split('/').pop();
  return ZGuestManageToken.safeParse(token).success ? (token as string) : null;
}

type GuestStandBody = CallBody<typeof CREATE_GUEST_STAND>;

/** A guest's registration; on success the stands and draft-stands lists reload (docs/product.md#calls-and-answers). */
export function useCreateGuestStand(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestStandBody) => callApi(CREATE_GUEST_STAND, { params: { id: eventId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
      ]),
  });
}
