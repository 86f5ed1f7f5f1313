import { LIST_USER_STANDS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

const userStandsQueryOptions = (userId: string) => callQueryOptions(LIST_USER_STANDS, { params: { id: userId } });
export const userStandsQueryKey = (userId: string) => userStandsQueryOptions(userId).queryKey;

export function useUserStands(userId: string | undefined, enabled = true) {
  return useQuery({ ...userStandsQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
