import type { TEventViewport } from '@flohmarkt/contracts';

export function eventCountLabel(count: number): string {
  return count === 1 ? '1 Flohmarkt' : `${count} Flohmärkte`;
}

/**
 * The stats box: how many markets the server counted in this view and in all for the filter.
 * A number shows only once counted for what the map shows now.
 */
export function viewportStats(viewport: TEventViewport | undefined, counting: boolean, failed = false): { title: string; detail: string } {
  if (failed) return { title: 'Die Flohmärkte der Karte konnten nicht geladen werden.', detail: 'Bitte versuche es später erneut.' };
  const total = viewport ? `${viewport.total} insgesamt` : '';
  if (!viewport || counting) return { title: 'Flohmärkte im Kartenausschnitt werden gezählt …', detail: total };
  return { title: `${eventCountLabel(viewport.inView)} im Kartenausschnitt`, detail: total };
}
