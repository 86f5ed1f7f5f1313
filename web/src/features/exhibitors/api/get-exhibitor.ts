import { GET_EXHIBITOR, type TExhibitor } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const exhibitorQueryKey = (userId: string) => callQueryKey(GET_EXHIBITOR, { params: { id: userId } });

/** The exhibitor page of a user: profile fields, total stands, average rating, member since. */
export function getExhibitor(userId: string, signal?: AbortSignal): Promise<TExhibitor> {
  return callApi(GET_EXHIBITOR, { params: { id: userId }, signal });
}

export const exhibitorQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: exhibitorQueryKey(userId),
    queryFn: ({ signal }) => getExhibitor(userId, signal),
  });

export function useExhibitor(userId: string | null | undefined) {
  return useQuery({ ...exhibitorQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
