const BERLIN = 'Europe/Berlin';
const day = new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const time = new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, hour: '2-digit', minute: '2-digit' });

/**
 * When a market takes place, as a German reader expects it in a mail, in Berlin time:
 * "Samstag, 6. Juni 2026, 08:00–16:00 Uhr", or both ends with their day when it spans days.
 */
export function marketWhen(start: Date, end: Date): string {
  const startDay = day.format(start);
  const endDay = day.format(end);
  if (startDay === endDay) return `${startDay}, ${time.format(start)}–${time.format(end)} Uhr`;
  return `${startDay}, ${time.format(start)} Uhr bis ${endDay}, ${time.format(end)} Uhr`;
}
