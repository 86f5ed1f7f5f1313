import { GET_EVENT } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi, callQueryOptions } from '@/lib/api-call';

export const eventQueryOptions = (id: string) => callQueryOptions(GET_EVENT, { params: { id } });
export const eventQueryKey = (id: string) => eventQueryOptions(id).queryKey;
/** The same read outside a query (web/build/route-hints.spec.ts checks the event page's preload hint against it). */
export const getEvent = (id: string, signal?: AbortSignal) => callApi(GET_EVENT, { params: { id }, signal });

export function useEvent(id: string | undefined) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
}
