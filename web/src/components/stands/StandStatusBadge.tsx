import { STAND_STATUS_LABELS, type TStandStatus } from '@flohmarkt/contracts';

/** Spec section 4: 'Wartend' (yellow), 'Genehmigt' (green), 'Abgelehnt' (red). */
export function StandStatusBadge({ status }: { status: TStandStatus }) {
  return <span className={`badge status-badge status-badge--${status}`}>{STAND_STATUS_LABELS[status]}</span>;
}
