import { GET_USER } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

const userQueryOptions = (id: string) => callQueryOptions(GET_USER, { params: { id } });
export const userQueryKey = (id: string) => userQueryOptions(id).queryKey;

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
