import { LIST_MY_EVENTS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryKey, callQueryOptions } from '@/lib/api-call';

/** LIST_MY_EVENTS: the markets the signed-in user organises, upcoming first, each with its counters; one entry per user (the session decides whose). */
export function useMyEvents(userId: string) {
  return useQuery({ ...callQueryOptions(LIST_MY_EVENTS), queryKey: [...callQueryKey(LIST_MY_EVENTS), { userId }] });
}
