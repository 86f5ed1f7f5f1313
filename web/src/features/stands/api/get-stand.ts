import { GET_STAND } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';
import { PHOTO_POLL_MS, hasPhotoProcessing } from '@/lib/photo-states';

const standQueryOptions = (id: string) => callQueryOptions(GET_STAND, { params: { id } });
export const standQueryKey = (id: string) => standQueryOptions(id).queryKey;

/**
 * While the stand read says a photo is still being processed, every page showing the stand reads
 * it again every 2 seconds, and stops once none is (docs/product.md#photos): the read says when a
 * photo is ready, so nothing probes the photo's URL.
 */
export function useStand(id: string | undefined) {
  return useQuery({
    ...standQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (hasPhotoProcessing(query.state.data) ? PHOTO_POLL_MS : false),
  });
}
