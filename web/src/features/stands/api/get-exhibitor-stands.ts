import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exhibitorStandsQueryKey = (exhibitorId: string) => ['stands', 'list', { exhibitorId }] as const;

/** GET /api/stands?exhibitorId=: the exhibitor's public (approved) stands. */
export function getExhibitorStands(exhibitorId: string, signal?: AbortSignal): Promise<TStand[]> {
  return api.get<TStand[]>(`/api/stands?exhibitorId=${encodeURIComponent(exhibitorId)}`, { signal });
}

export const exhibitorStandsQueryOptions = (exhibitorId: string) =>
  queryOptions({
    queryKey: exhibitorStandsQueryKey(exhibitorId),
    queryFn: ({ signal }) => getExhibitorStands(exhibitorId, signal),
  });

export function useExhibitorStands(exhibitorId: string | undefined, enabled = true) {
  return useQuery({ ...exhibitorStandsQueryOptions(exhibitorId ?? ''), enabled: enabled && Boolean(exhibitorId) });
}
