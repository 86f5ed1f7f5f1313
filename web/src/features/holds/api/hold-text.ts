import { HOLD_MINUTES_DEFAULT, formatShortDayTime, holdEndsAt, type THoldStatus, type THoldsClosedReason } from '@flohmarkt/contracts';
import { HOLD_STATUS_WORDS } from '@/components/holds/HoldStatusBadge';

/*
 * How holds read in German, wherever they show: the stand page, the seller's list, the mail's link
 * page and „Meine Reservierungen“. In api/ because the items feature shows them too (ARCHITECTURE.md);
 * the status words live with the badge both features draw (components/holds).
 */

/** Whether a hold still keeps its item (and may be ended). */
export function isOpenHold(status: THoldStatus): boolean {
  return status === 'requested' || status === 'accepted';
}

/** Until when a seller keeps an item: the market's start plus the stand's hold time. */
export function holdUntil(marketStart: string, holdMinutes: number = HOLD_MINUTES_DEFAULT): Date {
  return holdEndsAt(marketStart, holdMinutes);
}

/** Why the stand page offers no „Reservieren“ any more (contracts `holdsClosedReason`), said once above the items. */
export const HOLDS_CLOSED_TEXT: Record<THoldsClosedReason, string> = {
  tooLate: 'Reservieren geht für diesen Flohmarkt nicht mehr – komm einfach vorbei.',
  ended: 'Der Flohmarkt ist vorbei – reservieren geht nicht mehr.',
  cancelled: 'Der Flohmarkt ist abgesagt – reservieren geht nicht mehr.',
};

/**
 * The visitor's confirmation before asking. The stand's public read does not carry its hold time (only
 * the seller's reads do), so without it the sentence names the market's start and leaves the time
 * after it to the seller rather than guessing a wrong hour.
 */
export function holdConfirmText(marketStart: string | undefined, holdMinutes: number | undefined): string {
  const until =
    marketStart === undefined
      ? 'kurz nach Marktbeginn'
      : holdMinutes === undefined
        ? `nach Marktbeginn (${formatShortDayTime(marketStart)}; wie lange danach, legt der Verkäufer fest)`
        : formatShortDayTime(holdUntil(marketStart, holdMinutes));
  return `Der Verkäufer hält das Angebot bis ${until} für dich zurück, wenn er zustimmt. Kostenlos und unverbindlich.`;
}

/** „Sa 24.05., 10:00 Uhr“ */
export function formatHoldUntil(at: Date | string): string {
  return formatShortDayTime(at);
}

/** What the visitor reads after asking: the seller decides, the mail tells. */
export const HOLD_REQUESTED_TEXT = 'Angefragt – du bekommst eine E-Mail, sobald der Verkäufer entscheidet.';

/** The holder's own accepted hold, on the item's row. */
export function heldByYouText(pickupCode: string | null): string {
  return pickupCode ? `Von dir reserviert – Abholcode ${pickupCode}` : 'Von dir reserviert';
}

/** The result after a decision, announced where the buttons were. */
export function decisionResultText(status: THoldStatus, pickupCode: string | null): string {
  if (status === 'accepted') return pickupCode ? `Angenommen. Abholcode: ${pickupCode}` : 'Angenommen.';
  if (status === 'declined') return 'Abgelehnt. Das Angebot ist wieder frei.';
  if (status === 'ended') return 'Beendet. Das Angebot ist wieder frei.';
  return `Diese Reservierung ist ${HOLD_STATUS_WORDS[status]}.`;
}
