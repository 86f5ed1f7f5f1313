import { REGISTER_STAND, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { callApi } from '@/lib/api-call';
import { myStandsQueryKey } from './my-stands';

type RegistrationBody = CallBody<typeof REGISTER_STAND>;

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
 * The new stand waits for the organiser. After a refusal the lists reload at once; after success the
 * form reloads them (useRegistrationRefresh) once the chosen photos are uploaded: the refreshed list
 * of own stands replaces the form with 'Stand bereits angemeldet', which must not happen while the
 * photos' progress is on screen.
 */
export function useRegisterStand(eventId: string, userId: string) {
  const refresh = useRegistrationRefresh(eventId, userId);
  return useMutation({ mutationFn: (body: RegistrationBody) => callApi(REGISTER_STAND, { body }), onError: refresh });
}
