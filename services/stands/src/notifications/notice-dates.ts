import { formatLongDate, formatTime } from '@flohmarkt/contracts';

/**
 * When a market takes place, as a German reader expects it in a mail, in Berlin time:
 * "Samstag, 6. Juni 2026, 08:00–16:00 Uhr", or both ends with their day when it spans days.
 */
export function marketWhen(start: Date, end: Date): string {
  const startDay = formatLongDate(start);
  const endDay = formatLongDate(end);
  if (startDay === endDay) return `${startDay}, ${formatTime(start)}–${formatTime(end)} Uhr`;
  return `${startDay}, ${formatTime(start)} Uhr bis ${endDay}, ${formatTime(end)} Uhr`;
}
