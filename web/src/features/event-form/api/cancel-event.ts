import { CANCEL_EVENT } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { invalidateEventLists } from '@/features/events/api/get-events';
import { callApi } from '@/lib/api-call';
import { invalidateSeries } from './save-event';

/**
 * CANCEL_EVENT (issue 17, organiser or admin): the event page shows the cancelled event at
 * once; every list shows 'Abgesagt' the next time it is read.
 */
export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callApi(CANCEL_EVENT, { params: { id }, body: { reason } }),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      // A cancelled date of a series shows as such in its list of dates too.
      await Promise.all([invalidateEventLists(queryClient), invalidateSeries(queryClient, event.seriesId)]);
    },
  });
}
