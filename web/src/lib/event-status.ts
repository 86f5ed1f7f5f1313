import type { TEvent } from '@flohmarkt/contracts';

// Issue 17: an organiser or admin may cancel an event; it then shows 'Abgesagt' wherever it appears and
// stays listed until its end.

/** The event was cancelled (PATCH /api/events/{id}/cancel). Also takes the stands service's copy of the facts. */
export function isCancelled(event: { status: string | null }): boolean {
  return event.status === 'cancelled';
}

/** The organiser's reason for the cancellation, or null when none was given. */
export function cancelReasonOf(event: Pick<TEvent, 'status' | 'cancelReason'>): string | null {
  if (!isCancelled(event)) return null;
  const reason = event.cancelReason?.trim();
  return reason ? reason : null;
}
