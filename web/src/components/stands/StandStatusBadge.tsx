import { STAND_STATUS_LABELS, type TStandStatus } from '@flohmarkt/contracts';

/**
 * docs/product.md#review-and-stand-states: 'Wartend' (yellow), 'Genehmigt' (green), 'Abgelehnt' (red),
 * 'Zurückgezogen' (grey).
 */
export function StandStatusBadge({ status }: { status: TStandStatus }) {
  return <span className={`badge status-badge status-badge--${status}`}>{STAND_STATUS_LABELS[status]}</span>;
}
