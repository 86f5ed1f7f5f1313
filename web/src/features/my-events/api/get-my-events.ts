import { LIST_MY_EVENTS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryKey, callQueryOptions } from '@/lib/api-call';

/**
 * LIST_MY_EVENTS: the markets the signed-in user organises or (issue 36) is on the team of, upcoming first,
 * each with its counters; one entry per user (the session decides whose). `enabled: false` asks nothing
 * (the event page asks only for someone who may be on the market's team).
 */
export function useMyEvents(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...callQueryOptions(LIST_MY_EVENTS), queryKey: [...callQueryKey(LIST_MY_EVENTS), { userId }], enabled });
}
