import { LIST_MY_STANDS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** The user's own stands with their status (pending ones too). */
const myStandsQueryOptions = (userId: string) => callQueryOptions(LIST_MY_STANDS, { params: { userId } });
export const myStandsQueryKey = (userId: string) => myStandsQueryOptions(userId).queryKey;

export function useMyStands(userId: string | undefined) {
  return useQuery({ ...myStandsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
