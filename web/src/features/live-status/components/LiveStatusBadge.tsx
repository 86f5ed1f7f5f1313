import { LIVE_STATE_LABELS, liveStateOf } from '../api/live-state';
import '../live-status.css';

/** 'Geöffnet', 'Bald zu', 'Geschlossen' or 'Heute nicht da' where the stand read carries a live state. */
export function LiveStatusBadge({ stand }: { stand: object }) {
  const state = liveStateOf(stand);
  if (!state) return null;
  return <span className={`live-badge live-badge--${state}`}>{LIVE_STATE_LABELS[state]}</span>;
}
