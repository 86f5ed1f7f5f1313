import { API_ERRORS } from '@flohmarkt/contracts';
import type { AnswerDoc, CallDocEntry, RouteDocTable } from './route-doc.js';

const EVENT_ID = { id: 'Die ID des Flohmarkts (UUID).' };
const STAND_HEADERS = {
  'Content-Disposition': { description: 'Der Dateiname zum Speichern, z. B. `standliste-hofflohmarkt-suedstadt.pdf`.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Immer `no-store`: jede Datei entsteht aus den aktuellen Daten.', schema: { type: 'string' } },
} as const;
const pdf = (description: string): AnswerDoc => ({ status: 200, description, mediaType: 'application/pdf', headers: { ...STAND_HEADERS } });

/** The stands service's printed kit (German A4 PDFs) and the stand exports (issue 18). */
export const PRINT_DOCS: RouteDocTable = {
  'GET /events/:id/poster.pdf': {
    summary: 'Plakat des Flohmarkts (PDF)',
    description:
      'Für alle. A4, schwarz-weiß druckbar: Name, Tag und Uhrzeit (Berliner Zeit), Ort, ein großer QR-Code zur Flohmarktseite und ihre Adresse („Alle Stände auf …“). ' +
      'Ein abgesagter Flohmarkt trägt „ABGESAGT“.',
    params: EVENT_ID,
    answers: [pdf('Das Plakat als PDF.')],
    errors: { 404: [API_ERRORS.eventNotFound] },
  },
  'GET /events/:id/stand-list.pdf': {
    summary: 'Nummerierte Standliste (PDF)',
    description:
      'Für alle, nur öffentliche Angaben: die genehmigten Stände mit Nummer, Kategorien und kurzer Beschreibung, nach Nummer („2“ vor „10“), danach die Stände ohne Nummer. Keine Namen.',
    params: EVENT_ID,
    answers: [pdf('Die Standliste als PDF.')],
    errors: { 404: [API_ERRORS.eventNotFound] },
  },
  'GET /events/:id/stand-map.pdf': {
    summary: 'Standplan (PDF)',
    description:
      'Für alle, nur öffentliche Angaben: nummerierte Markierungen der genehmigten Stände über der Karte (OpenStreetMap-Kacheln über den Kachel-Cache) ' +
      'oder, wenn die Kacheln nicht erreichbar sind, in einem schlichten Rahmen; mit Maßstab, Nordpfeil und Legende der Nummern.',
    params: EVENT_ID,
    answers: [pdf('Der Standplan als PDF.')],
    errors: { 404: [API_ERRORS.eventNotFound] },
  },
  'GET /events/:id/stands.csv': {
    summary: 'Stände als CSV (für Excel)',
    description:
      'Für den Organisator und Admins: alle Anmeldungen außer zurückgezogenen, mit Nummer, Status, Name, Art (Gast/Konto), Kategorien, Beschreibung, PayPal, Koordinaten, Anmeldezeit und Link. ' +
      'UTF-8 mit BOM, Trennzeichen `;`, Zeilenende CRLF, Dezimalkomma; Zellen, die mit = + - @ beginnen, erhalten ein vorangestelltes Apostroph. Keine E-Mail-Adressen.',
    params: EVENT_ID,
    answers: [{ status: 200, description: 'Die Stände als CSV-Datei.', mediaType: 'text/csv', headers: { ...STAND_HEADERS } }],
    errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.forbidden] },
  },
  'GET /events/:id/stands.geojson': {
    summary: 'Stände als GeoJSON',
    description:
      'Für alle: eine FeatureCollection (RFC 7946) der genehmigten Stände mit Standort; je Stand nur öffentliche Angaben ' +
      '(`standNumber`, `categories`, `foodCategories`, `activityCategories`, `description`, `acceptsPayPal`, `url`), keine Namen.',
    params: EVENT_ID,
    answers: [{ status: 200, description: 'Die Stände als GeoJSON.', mediaType: 'application/geo+json', headers: { ...STAND_HEADERS } }],
    errors: { 404: [API_ERRORS.eventNotFound] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const PRINT_CALL_DOCS: readonly CallDocEntry[] = [];
