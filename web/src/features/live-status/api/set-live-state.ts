import type { TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LiveState } from './live-state';

export function setLiveState(standId: string, state: LiveState): Promise<TStand> {
  return api.patch<TStand>(`/api/stands/${encodeURIComponent(standId)}/live`, { state });
}

/** Sets the state; the stand and its event's list are read again so every badge shows it. */
export function useSetLiveState(standId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: LiveState) => setLiveState(standId, state),
    onSuccess: async () => {
      // The keys of features/stands/api (get-stand, get-event-stands).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stands', standId] }),
        queryClient.invalidateQueries({ queryKey: ['events', eventId, 'stands'] }),
      ]);
    },
  });
}
