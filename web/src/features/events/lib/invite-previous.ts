import type { TEvent } from '@flohmarkt/contracts';
import { isCancelled } from '@/lib/event-status';

/**
 * Whether the market may have earlier sellers to invite, as far as the market itself tells: a copy, or
 * a date of a series (whether it is a later one needs the series; see hasPreviousDate), neither
 * cancelled nor over. The server decides in the end and says why not.
 */
export function mayHavePreviousSellers(event: Pick<TEvent, 'seriesId' | 'copiedFromId' | 'status' | 'phase' | 'endDateTime'>, now = Date.now()): boolean {
  if (isCancelled(event) || event.phase === 'ended' || Date.parse(event.endDateTime) < now) return false;
  return Boolean(event.seriesId) || Boolean(event.copiedFromId);
}

/** A copy has its original; a date of a series has a previous one unless it is the first. */
export function hasPreviousDate(event: Pick<TEvent, 'id' | 'copiedFromId'>, seriesDates: Pick<TEvent, 'id'>[] | undefined): boolean {
  if (event.copiedFromId) return true;
  if (!seriesDates) return false;
  const index = seriesDates.findIndex((date) => date.id === event.id);
  return index > 0;
}

/** What the organiser reads after the invitations went out. */
export function invitedText(invited: number): string {
  if (invited === 0) return 'Alle früheren Aussteller sind schon eingeladen oder schon angemeldet.';
  return invited === 1 ? '1 früherer Aussteller eingeladen.' : `${invited} frühere Aussteller eingeladen.`;
}
