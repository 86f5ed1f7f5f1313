import { CREATE_WALK_UP_STAND, type CallBody } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { useRefreshEventStands } from './review-draft';

type WalkUpStandBody = CallBody<typeof CREATE_WALK_UP_STAND>;

/**
 * 'Stand vor Ort eintragen': the organiser's (or an admin's) stand entered on site, approved at once.
 * It shows on the page at once; lists, counters and free places reload.
 */
export function useCreateWalkUpStand(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: WalkUpStandBody) => callApi(CREATE_WALK_UP_STAND, { params: { id: eventId }, body }), onSuccess: refresh });
}
