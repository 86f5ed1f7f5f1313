import { GET_STAND_OVERVIEW } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** The organiser's (or an admin's) exact counters and the stands by area. */
const standOverviewQueryOptions = (eventId: string) => callQueryOptions(GET_STAND_OVERVIEW, { params: { id: eventId } });
export const standOverviewQueryKey = (eventId: string) => standOverviewQueryOptions(eventId).queryKey;

/** Requested only for the organiser and admins. */
export function useStandOverview(eventId: string, enabled: boolean) {
  return useQuery({ ...standOverviewQueryOptions(eventId), enabled });
}
