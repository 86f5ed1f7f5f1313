import { LIST_EXHIBITOR_STANDS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** The exhibitor's public (approved) stands. */
export function useExhibitorStands(exhibitorId: string | undefined, enabled = true) {
  return useQuery({ ...callQueryOptions(LIST_EXHIBITOR_STANDS, { query: { exhibitorId: exhibitorId ?? '' } }), enabled: enabled && Boolean(exhibitorId) });
}
