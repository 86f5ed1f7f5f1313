import type { TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { api } from '@/lib/api-client';
import { myStandsQueryKey } from './my-stands';

export function registerStand(body: Record<string, unknown>): Promise<TStand> {
  return api.post<TStand>('/api/stands', body);
}

/** POST /api/stands: the new stand waits for the organiser; the user's and the event's lists reload. */
export function useRegisterStand(eventId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStand,
    onSettled: () =>
      // Also after a 409: the list then shows the stand that already exists.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myStandsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
      ]),
  });
}
