import { isCancelled } from '@/lib/event-status';

/** 'Abgesagt' beside an event's name wherever it appears (cards, lists, map popups, the event page). */
export function EventCancelledBadge({ event }: { event: { status: string | null } }) {
  if (!isCancelled(event)) return null;
  return <span className="badge badge--cancelled">Abgesagt</span>;
}
