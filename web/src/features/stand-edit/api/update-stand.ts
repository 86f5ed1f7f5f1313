import { UPDATE_STAND, type CallBody, type TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myStandsQueryKey } from '@/features/stand-registration/api/my-stands';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standQueryKey } from '@/features/stands/api/get-stand';
import { callApi } from '@/lib/api-call';

type StandUpdateBody = CallBody<typeof UPDATE_STAND>;

/** The edit (the form and the separate location save): every list with the stand reloads. */
export function useUpdateStand(stand: Pick<TStand, 'id' | 'eventId' | 'exhibitorId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StandUpdateBody) => callApi(UPDATE_STAND, { params: { id: stand.id }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(standQueryKey(stand.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(stand.eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(stand.eventId) }),
        stand.exhibitorId ? queryClient.invalidateQueries({ queryKey: myStandsQueryKey(stand.exhibitorId) }) : null,
      ]);
    },
  });
}
