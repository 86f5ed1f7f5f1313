import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const standQueryKey = (id: string) => ['stands', id] as const;

export function getStand(id: string, signal?: AbortSignal): Promise<TStand> {
  return api.get<TStand>(`/api/stands/${encodeURIComponent(id)}`, { signal });
}

export const standQueryOptions = (id: string) =>
  queryOptions({
    queryKey: standQueryKey(id),
    queryFn: ({ signal }) => getStand(id, signal),
  });

export function useStand(id: string | undefined) {
  return useQuery({ ...standQueryOptions(id ?? ''), enabled: Boolean(id) });
}
