import { STAND_STATUS_LABELS, formatDateTime, type TStand } from '@flohmarkt/contracts';
import { printedNumber } from '../print/stand-order.js';
import { csvFile, numberCell, textCell } from './csv.js';

/**
 * The columns of the organiser's stand export. No e-mail addresses, by decision: a spreadsheet
 * leaves the platform (laptops, mails to helpers, a USB stick at the info stand) and outlives the
 * market, while guests were promised their address is deleted after it. The organiser does not
 * need them: the platform itself tells every stand holder about approval, changes and a
 * cancellation. Names are in, as the organiser sees them in the review list already.
 */
export const STANDS_CSV_HEADER = [
  'Nummer',
  'Status',
  'Name',
  'Art',
  'Kategorien',
  'Essen und Trinken',
  'Aktivitäten',
  'Beschreibung',
  'PayPal',
  'Breitengrad',
  'Längengrad',
  'Angemeldet am',
  'Link',
];

function holderName(stand: TStand): string {
  const parts = stand.exhibitor ? [stand.exhibitor.firstName, stand.exhibitor.lastName] : [stand.guestFirstName, stand.guestLastName];
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(' ');
}

const coordinate = (value: string | null) => (value === null ? null : Number(value));

/** The file: one line per stand (by number, then the rest), as read by the organiser. */
export function standsCsv(stands: TStand[], standUrl: (id: string) => string): string {
  const rows = stands.map((s) => [
    textCell(printedNumber(s)),
    textCell(STAND_STATUS_LABELS[s.status] ?? s.status),
    textCell(holderName(s)),
    textCell(s.exhibitorId ? 'Konto' : 'Gast'),
    textCell(s.categories.join(', ')),
    textCell(s.foodCategories.join(', ')),
    textCell(s.activityCategories.join(', ')),
    textCell(s.description),
    textCell(s.acceptsPayPal ? 'ja' : 'nein'),
    numberCell(coordinate(s.latitude), 6),
    numberCell(coordinate(s.longitude), 6),
    textCell(formatDateTime(s.createdAt)),
    textCell(standUrl(s.id)),
  ]);
  return csvFile(STANDS_CSV_HEADER, rows);
}
