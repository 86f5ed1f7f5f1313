import { eventPhaseLabel } from '../api/live-state';
import '../live-status.css';

/** 'Läuft gerade' or 'Beendet' beside an event's name. */
export function EventPhaseBadge({ event }: { event: { phase?: string } }) {
  const label = eventPhaseLabel(event);
  if (!label) return null;
  return <span className={`live-badge ${event.phase === 'running' ? 'live-badge--open' : 'live-badge--closed'}`}>{label}</span>;
}
