import { SET_STAND_LIVE_STATE } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standQueryKey } from '@/features/stands/api/get-stand';
import { callApi } from '@/lib/api-call';
import type { LiveState } from './live-state';

/** Sets the state; the stand and its event's list are read again so every badge shows it. */
export function useSetLiveState(standId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: LiveState) => callApi(SET_STAND_LIVE_STATE, { params: { id: standId }, body: { state } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standQueryKey(standId) }),
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
      ]);
    },
  });
}
