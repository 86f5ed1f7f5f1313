import { STAND_STATUS_LABELS, type TStandStatus } from '@flohmarkt/contracts';

/** The status in words; a waitlisted stand with its place on the list: 'Warteliste (Platz 2)'. */
export function standStatusLabel(status: TStandStatus, waitlistPosition?: number | null): string {
  const label = STAND_STATUS_LABELS[status];
  return status === 'waitlisted' && waitlistPosition ? `${label} (Platz ${waitlistPosition})` : label;
}

/**
 * docs/product.md#review-and-stand-states: 'Wartend' (yellow), 'Genehmigt' (green), 'Abgelehnt' (red),
 * 'Zurückgezogen' (grey), 'Warteliste (Platz N)' (blue: the event was full, it moves up by itself),
 * 'Platz abgegeben' (grey, issue 36: a "nein" to the reconfirmation or no answer by its deadline).
 */
export function StandStatusBadge({ status, waitlistPosition }: { status: TStandStatus; waitlistPosition?: number | null }) {
  return <span className={`badge status-badge status-badge--${status}`}>{standStatusLabel(status, waitlistPosition)}</span>;
}

interface RejectionReasonProps {
  stand: { status: TStandStatus; rejectionReason?: string | null };
  /** Whose words: the organiser's, or on the organiser's own pages 'Deine Begründung'. */
  label?: string;
}

/**
 * The organiser's reason under a rejected stand; nothing for any other stand or an empty reason. It lives beside
 * the badge because every page that shows it shows the badge too: a module of its own would be one more chunk
 * named in the first paint's preload lists.
 */
export function RejectionReason({ stand, label = 'Begründung des Organisators' }: RejectionReasonProps) {
  const reason = stand.status === 'rejected' ? stand.rejectionReason?.trim() : '';
  if (!reason) return null;
  return (
    <div className="rejection-reason">
      <p className="rejection-reason__label">{label}</p>
      <p className="rejection-reason__text">{reason}</p>
    </div>
  );
}
