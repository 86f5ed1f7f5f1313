import { CONFIRMATION_STATE_LABELS, type TConfirmationState, type TStandStatus } from '@flohmarkt/contracts';

/**
 * Where an approved stand is in the reconfirmation (issue 36): a small tag beside its status badge,
 * 'Bestätigt', 'Offen' or 'Platz frei', in the reads of the owner, the organiser and the team (the only
 * ones that carry it). Nothing while the seller was not asked (switched off, or not yet time), nor for a
 * released stand, whose badge says it already.
 */
export function ConfirmationTag({ stand }: { stand: { status: TStandStatus; confirmation?: TConfirmationState } }) {
  const state = stand.confirmation;
  if (!state || state === 'not-asked' || stand.status === 'released') return null;
  return <span className={`badge confirmation-tag confirmation-tag--${state}`}>{CONFIRMATION_STATE_LABELS[state]}</span>;
}
