import { LIMITS, berlinDay, formatDate } from '@flohmarkt/contracts';

/** The empty state's filter summary (docs/product.md#landing-page-and-search): the radius around the place, and the date. */
export function filterSummary(place: string | null, date: string): string[] {
  const lines: string[] = [];
  if (place) lines.push(`Suche im Umkreis von ${LIMITS.landingSearchRadiusKm}km um ${place}`);
  if (date) lines.push(`Datum: ${formatDate(`${date}T12:00:00Z`)}`);
  return lines;
}

/** Today in Berlin as YYYY-MM-DD (the earliest date worth picking). */
export function todayInBerlin(now: Date = new Date()): string {
  return berlinDay(now);
}
