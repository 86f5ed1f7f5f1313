import type { THoldStatus } from '@flohmarkt/contracts';

/** A hold's status in a word, as the visitor's and the seller's lists and the hold's page say it. */
export const HOLD_STATUS_WORDS: Record<THoldStatus, string> = {
  requested: 'angefragt',
  accepted: 'angenommen',
  declined: 'abgelehnt',
  ended: 'beendet',
  lapsed: 'abgelaufen',
};

/** The status as a badge, coloured for the open ones (asked, accepted): the same in the visitor's and the seller's list. */
export function HoldStatusBadge({ status }: { status: THoldStatus }) {
  return <span className={`badge hold-status hold-status--${status}`}>{HOLD_STATUS_WORDS[status]}</span>;
}
