import { formatKm } from '@flohmarkt/contracts';

/** The German texts inside the calendar files (what a visitor's calendar app shows). */
export const CALENDAR_TEXTS = {
  /** PRODID: who wrote the file (RFC 5545 3.7.3), in the usual "-//owner//product//language" form. */
  productId: '-//Flohmarkt-Plattform//Kalender//DE',
  /** The name a calendar app gives a single event's file. */
  eventCalendarName: (eventName: string) => `Flohmarkt: ${eventName}`,
  /** The name of a subscribed feed. */
  feedCalendarName: (radiusKm: number | null) => (radiusKm === null ? 'Flohmärkte im Kartenausschnitt' : `Flohmärkte im Umkreis von ${formatKm(radiusKm)}`),
  cancelledSummary: (eventName: string) => `Abgesagt: ${eventName}`,
  cancelled: 'Dieser Flohmarkt wurde abgesagt.',
  cancelReason: (reason: string) => `Grund: ${reason}`,
  moreOnThePage: (url: string) => `Alle Stände und die Karte: ${url}`,
  /** The alarm the evening before. */
  tomorrow: (eventName: string) => `Morgen: ${eventName}`,
} as const;

/** The file name of an event's calendar file, without `.ics`. */
export const CALENDAR_FILE_PREFIX = 'flohmarkt';
export const FEED_FILE_NAME = 'flohmaerkte';
