import { STAND_STATUS_LABELS, formatDateTime, type TStand } from '@flohmarkt/contracts';
import { printedNumber } from '../print/stand-order.js';
import { csvFile, numberCell, textCell } from './csv.js';

/**
 * The columns of the organiser's stand export. With each holder's e-mail address (issue 30): the
 * organiser has to reach a seller (a question about the place, a stand moved on the day), and the
 * review list shows the address already; and each stand's postal address, whole (issue 33). The file
 * is only the organiser's and admins' (export-access.ts) and never kept outside the server
 * (`private, no-store`).
 */
export const STANDS_CSV_HEADER = [
  'Nummer',
  'Status',
  'Name',
  'Art',
  'E-Mail',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
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
    textCell(s.contactEmail ?? null),
    textCell(s.address?.street ?? null),
    textCell(s.address?.houseNumber ?? null),
    textCell(s.address?.postcode ?? null),
    textCell(s.address?.town ?? null),
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
