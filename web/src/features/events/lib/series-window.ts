/** How many dates of a series the event page lists before „Alle {n} Termine zeigen“. */
export const SERIES_DATES_SHOWN = 6;

/**
 * The dates listed while the list is folded: a run of `size` around the current one, the one before it
 * first (where the seller came from) and then the next ones (what they can still come to). A series of
 * a year has 52 dates; the page would otherwise open on last spring's.
 */
export function seriesWindow<T extends { id: string }>(dates: T[], currentId: string, size = SERIES_DATES_SHOWN): T[] {
  if (dates.length <= size) return dates;
  const current = Math.max(
    0,
    dates.findIndex((date) => date.id === currentId),
  );
  const start = Math.min(Math.max(0, current - 1), dates.length - size);
  return dates.slice(start, start + size);
}
