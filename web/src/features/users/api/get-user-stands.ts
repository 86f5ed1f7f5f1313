import { LIST_USER_STANDS, type TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const userStandsQueryKey = (userId: string) => callQueryKey(LIST_USER_STANDS, { params: { id: userId } });

export function getUserStands(userId: string, signal?: AbortSignal): Promise<TStand[]> {
  return callApi(LIST_USER_STANDS, { params: { id: userId }, signal });
}

export const userStandsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userStandsQueryKey(userId),
    queryFn: ({ signal }) => getUserStands(userId, signal),
  });

export function useUserStands(userId: string | undefined, enabled = true) {
  return useQuery({ ...userStandsQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
