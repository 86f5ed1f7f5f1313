import type { TGuestStandCreated } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { api } from '@/lib/api-client';

/** What the guest is shown after sending: the private link (api-contract "Guests") and where it was mailed. */
export interface GuestStandCreated {
  manageUrl: string | null;
  mailedTo: string | null;
  /** Issue 18: the registration went onto the waitlist (the event was booked up), at this place. */
  waitlisted: boolean;
  waitlistPosition: number | null;
}

export function createGuestStand(eventId: string, body: Record<string, unknown>): Promise<TGuestStandCreated> {
  return api.post<TGuestStandCreated>(`/api/events/${encodeURIComponent(eventId)}/guest-stands`, body, { idempotent: true });
}

/** POST /api/events/{id}/guest-stands; on success the stands and draft-stands lists reload (docs/product.md#calls-and-answers). */
export function useCreateGuestStand(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createGuestStand(eventId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
      ]),
  });
}
