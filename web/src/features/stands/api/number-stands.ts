import { NUMBER_STANDS, type CallBody } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { useRefreshEventStands } from './review-draft';

type NumberingBody = CallBody<typeof NUMBER_STANDS>;

/**
 * The organiser (or an admin) numbers every approved stand without a number, continuing after the
 * highest number the event ever gave. Answers the stands that got one, in number order (empty when
 * every approved stand had one).
 */
export function useNumberStands(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: NumberingBody) => callApi(NUMBER_STANDS, { params: { id: eventId }, body }), onSuccess: refresh });
}
