import { GET_EVENT, type TEvent } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const eventQueryKey = (id: string) => callQueryKey(GET_EVENT, { params: { id } });

export function getEvent(id: string, signal?: AbortSignal): Promise<TEvent> {
  return callApi(GET_EVENT, { params: { id }, signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export function useEvent(id: string | undefined) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
}
