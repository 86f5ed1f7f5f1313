import type { TStand, TWalkUpStandCreateInput } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshEventStands } from './review-draft';

/** POST /api/events/{id}/walk-up-stands (organiser or admin): a stand entered on site, approved at once. */
export function createWalkUpStand(eventId: string, body: TWalkUpStandCreateInput): Promise<TStand> {
  return api.post<TStand>(`/api/events/${encodeURIComponent(eventId)}/walk-up-stands`, body, { idempotent: true });
}

/** 'Stand vor Ort eintragen': the stand shows on the page at once; lists, counters and free places reload. */
export function useCreateWalkUpStand(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: TWalkUpStandCreateInput) => createWalkUpStand(eventId, body), onSuccess: refresh });
}
