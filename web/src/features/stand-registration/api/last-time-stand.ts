import { GET_STAND } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/**
 * The stand an invitation's link names (`?from={standId}`, „Frühere Aussteller einladen“, issue 34),
 * read with the caller's session: its owner gets the whole stand, anyone else what the public read
 * shows. The server decides; the forms (the signed-in one and the guest's) take what comes. Read once:
 * no polling of photos in work.
 */
export function useLastTimeStand(standId: string | null | undefined) {
  return useQuery({ ...callQueryOptions(GET_STAND, { params: { id: standId ?? '' } }), enabled: Boolean(standId) });
}
