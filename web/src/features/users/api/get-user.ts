import type { TPublicUser } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const userQueryKey = (id: string) => ['users', id] as const;

export function getUser(id: string, signal?: AbortSignal): Promise<TPublicUser> {
  return api.get<TPublicUser>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
