import { STAND_STATUS_LABELS, type TStandStatus } from '@flohmarkt/contracts';

/** The status in words; a waitlisted stand with its place on the list: 'Warteliste (Platz 2)'. */
export function standStatusLabel(status: TStandStatus, waitlistPosition?: number | null): string {
  const label = STAND_STATUS_LABELS[status];
  return status === 'waitlisted' && waitlistPosition ? `${label} (Platz ${waitlistPosition})` : label;
}

/**
 * docs/product.md#review-and-stand-states: 'Wartend' (yellow), 'Genehmigt' (green), 'Abgelehnt' (red),
 * 'Zurückgezogen' (grey), 'Warteliste (Platz N)' (blue: the event was full, it moves up by itself).
 */
export function StandStatusBadge({ status, waitlistPosition }: { status: TStandStatus; waitlistPosition?: number | null }) {
  return <span className={`badge status-badge status-badge--${status}`}>{standStatusLabel(status, waitlistPosition)}</span>;
}
