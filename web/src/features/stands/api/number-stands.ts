import type { TStand, TStandNumberingInput } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshEventStands } from './review-draft';

/**
 * POST /api/events/{id}/stand-numbers (organiser or admin): numbers every approved stand without a
 * number, continuing after the highest number the event ever gave. Answers the stands that got one,
 * in number order (empty when every approved stand had one).
 */
export function numberStands(eventId: string, body: TStandNumberingInput): Promise<TStand[]> {
  return api.post<TStand[]>(`/api/events/${encodeURIComponent(eventId)}/stand-numbers`, body);
}

export function useNumberStands(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: TStandNumberingInput) => numberStands(eventId, body), onSuccess: refresh });
}
