import { LIST_MY_STANDS, type TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/** The user's own stands with their status (pending ones too). */
export const myStandsQueryKey = (userId: string) => callQueryKey(LIST_MY_STANDS, { params: { userId } });

export function getMyStands(userId: string, signal?: AbortSignal): Promise<TStand[]> {
  return callApi(LIST_MY_STANDS, { params: { userId }, signal });
}

export const myStandsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myStandsQueryKey(userId),
    queryFn: ({ signal }) => getMyStands(userId, signal),
  });

export function useMyStands(userId: string | undefined) {
  return useQuery({ ...myStandsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
