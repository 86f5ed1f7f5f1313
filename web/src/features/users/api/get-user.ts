import { GET_USER, type TPublicUser } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const userQueryKey = (id: string) => callQueryKey(GET_USER, { params: { id } });

export function getUser(id: string, signal?: AbortSignal): Promise<TPublicUser> {
  return callApi(GET_USER, { params: { id }, signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
