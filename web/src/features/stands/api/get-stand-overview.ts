import { GET_STAND_OVERVIEW, type TStandOverview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const standOverviewQueryKey = (eventId: string) => callQueryKey(GET_STAND_OVERVIEW, { params: { id: eventId } });

/** The organiser's (or an admin's) exact counters and the stands by area. */
export function getStandOverview(eventId: string, signal?: AbortSignal): Promise<TStandOverview> {
  return callApi(GET_STAND_OVERVIEW, { params: { id: eventId }, signal });
}

export const standOverviewQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: standOverviewQueryKey(eventId), queryFn: ({ signal }) => getStandOverview(eventId, signal) });

/** Requested only for the organiser and admins. */
export function useStandOverview(eventId: string, enabled: boolean) {
  return useQuery({ ...standOverviewQueryOptions(eventId), enabled });
}
