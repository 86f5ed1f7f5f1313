import type { TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { api } from '@/lib/api-client';
import { myStandsQueryKey } from './my-stands';

export function registerStand(body: Record<string, unknown>): Promise<TStand> {
  return api.post<TStand>('/api/stands', body, { idempotent: true });
}

/** Reloads the user's and the event's lists after a registration (the new stand, or after a 409 the one that exists). */
export function useRegistrationRefresh(eventId: string, userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myStandsQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
    ]);
}

/**
 * POST /api/stands: the new stand waits for the organiser. After a refusal the lists reload at once;
 * after success the form reloads them (useRegistrationRefresh) once the chosen photos are uploaded: the
 * refreshed list of own stands replaces the form with 'Stand bereits angemeldet', which must not
 * happen while the photos' progress is on screen.
 */
export function useRegisterStand(eventId: string, userId: string) {
  const refresh = useRegistrationRefresh(eventId, userId);
  return useMutation({ mutationFn: registerStand, onError: refresh });
}
