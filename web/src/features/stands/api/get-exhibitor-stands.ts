import { LIST_EXHIBITOR_STANDS, type TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const exhibitorStandsQueryKey = (exhibitorId: string) => callQueryKey(LIST_EXHIBITOR_STANDS, { query: { exhibitorId } });

/** The exhibitor's public (approved) stands. */
export function getExhibitorStands(exhibitorId: string, signal?: AbortSignal): Promise<TStand[]> {
  return callApi(LIST_EXHIBITOR_STANDS, { query: { exhibitorId }, signal });
}

export const exhibitorStandsQueryOptions = (exhibitorId: string) =>
  queryOptions({
    queryKey: exhibitorStandsQueryKey(exhibitorId),
    queryFn: ({ signal }) => getExhibitorStands(exhibitorId, signal),
  });

export function useExhibitorStands(exhibitorId: string | undefined, enabled = true) {
  return useQuery({ ...exhibitorStandsQueryOptions(exhibitorId ?? ''), enabled: enabled && Boolean(exhibitorId) });
}
