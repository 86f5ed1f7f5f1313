import type { TEvent } from '@flohmarkt/contracts';

/**
 * The events that keep an organiser from deleting their account: those not over yet (upcoming or
 * running, not cancelled). Visitors and exhibitors rely on them; the organiser cancels them first
 * (the cancellation tells every exhibitor). Ended and cancelled events go with the account.
 */
export function eventsBlockingSelfDeletion(events: Pick<TEvent, 'id' | 'phase'>[]): string[] {
  return events.filter((e) => e.phase === 'upcoming' || e.phase === 'running').map((e) => e.id);
}
