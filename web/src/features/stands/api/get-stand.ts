import { GET_STAND, type TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';
import { PHOTO_POLL_MS, hasPhotoProcessing } from '@/lib/photo-states';

export const standQueryKey = (id: string) => callQueryKey(GET_STAND, { params: { id } });

export function getStand(id: string, signal?: AbortSignal): Promise<TStand> {
  return callApi(GET_STAND, { params: { id }, signal });
}

/**
 * While the stand read says a photo is still being processed, every page showing the stand reads
 * it again every 2 seconds, and stops once none is (docs/product.md#photos): the read says when a
 * photo is ready, so nothing probes the photo's URL.
 */
export const standQueryOptions = (id: string) =>
  queryOptions({
    queryKey: standQueryKey(id),
    queryFn: ({ signal }) => getStand(id, signal),
    refetchInterval: (query) => (hasPhotoProcessing(query.state.data) ? PHOTO_POLL_MS : false),
  });

export function useStand(id: string | undefined) {
  return useQuery({ ...standQueryOptions(id ?? ''), enabled: Boolean(id) });
}
