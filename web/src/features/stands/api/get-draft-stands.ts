import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const draftStandsQueryKey = (eventId: string) => ['events', eventId, 'draft-stands'] as const;

export function getDraftStands(eventId: string, signal?: AbortSignal): Promise<TStand[]> {
  return api.get<TStand[]>(`/api/events/${encodeURIComponent(eventId)}/draft-stands`, { signal });
}

export const draftStandsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: draftStandsQueryKey(eventId),
    queryFn: ({ signal }) => getDraftStands(eventId, signal),
  });

/** Requested only for the organiser and admins (docs/product.md#permissions). */
export function useDraftStands(eventId: string, enabled: boolean) {
  return useQuery({ ...draftStandsQueryOptions(eventId), enabled });
}
