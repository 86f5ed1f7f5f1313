import type { TStandOverview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const standOverviewQueryKey = (eventId: string) => ['events', eventId, 'stand-overview'] as const;

/** GET /api/events/{id}/stand-overview (organiser or admin): the exact counters and the stands by area. */
export function getStandOverview(eventId: string, signal?: AbortSignal): Promise<TStandOverview> {
  return api.get<TStandOverview>(`/api/events/${encodeURIComponent(eventId)}/stand-overview`, { signal });
}

export const standOverviewQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: standOverviewQueryKey(eventId), queryFn: ({ signal }) => getStandOverview(eventId, signal) });

/** Requested only for the organiser and admins. */
export function useStandOverview(eventId: string, enabled: boolean) {
  return useQuery({ ...standOverviewQueryOptions(eventId), enabled });
}
