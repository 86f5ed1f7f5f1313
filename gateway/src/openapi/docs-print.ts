import { GET_EVENT_POSTER, GET_EVENT_STANDS_CSV, GET_EVENT_STANDS_GEOJSON, GET_EVENT_STAND_LIST, GET_EVENT_STAND_MAP } from '@flohmarkt/contracts';
import { EXAMPLE_STAND } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader } from './answer-headers.js';
import { EVENT_ID } from './path-params.js';

const STAND_HEADERS = {
  200: {
    'Content-Disposition': textHeader('Der Dateiname zum Speichern, z. B. `standliste-hofflohmarkt-suedstadt.pdf`.'),
    'Cache-Control': textHeader('Immer `no-store`: jede Datei entsteht aus den aktuellen Daten.'),
  },
} as const;
/** The organiser's file holds names: kept by no shared cache and not by the browser's. */
const CSV_HEADERS = {
  200: {
    ...STAND_HEADERS[200],
    'Cache-Control': textHeader('Immer `private, no-store`: die Datei enthält Namen und entsteht aus den aktuellen Daten.'),
  },
} as const;

const GEOJSON_EXAMPLE = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: EXAMPLE_STAND.id,
      geometry: { type: 'Point', coordinates: [Number(EXAMPLE_STAND.longitude), Number(EXAMPLE_STAND.latitude)] },
      properties: {
        standNumber: EXAMPLE_STAND.standNumber,
        categories: EXAMPLE_STAND.categories,
        foodCategories: EXAMPLE_STAND.foodCategories,
        activityCategories: EXAMPLE_STAND.activityCategories,
        description: EXAMPLE_STAND.description,
        acceptsPayPal: EXAMPLE_STAND.acceptsPayPal,
        address: EXAMPLE_STAND.address,
        url: `https://flohmarkt.example.org/stands/${EXAMPLE_STAND.id}`,
      },
    },
  ],
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const PRINT_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(GET_EVENT_POSTER, {
    description:
      'Für alle. A4, schwarz-weiß druckbar: Name, Tag und Uhrzeit (Berliner Zeit), Ort, ein großer QR-Code zur Flohmarktseite und ihre Adresse („Alle Stände auf …“). ' +
      'Ein abgesagter Flohmarkt trägt „ABGESAGT“.',
    params: EVENT_ID,
    headers: STAND_HEADERS,
  }),
  docOf(GET_EVENT_STAND_LIST, {
    description:
      'Für alle, nur öffentliche Angaben: die genehmigten Stände mit Nummer, Adresse, Kategorien und kurzer Beschreibung, nach Nummer („2“ vor „10“), ' +
      'danach die Stände ohne Nummer, mit Marken (1), (2) … wie auf dem Standplan. Mit `order=street` Straße für Straße mit einer Überschrift je Straße. ' +
      'Keine Namen; ungefähre Stände vor dem Markttag ohne Hausnummer.',
    params: EVENT_ID,
    query: {
      descriptions: {
        order:
          '`number` (Standard): nach Standnummer. `street`: Straße für Straße nach Straßenname und Hausnummer, die ungerade Seite hinauf, die gerade zurück; Stände ohne Adresse am Ende.',
      },
      examples: { order: 'street' },
    },
    headers: STAND_HEADERS,
  }),
  docOf(GET_EVENT_STAND_MAP, {
    description:
      'Für alle, nur öffentliche Angaben: eine Markierung je genehmigtem Stand mit Standort über der Karte (OpenStreetMap-Kacheln über den Kachel-Cache) ' +
      'oder, wenn die Kacheln nicht erreichbar sind, in einem schlichten Rahmen, mit seiner Nummer oder, ohne Nummer, seiner Marke (1), (2) …; ' +
      'mit Maßstab, Nordpfeil und Legende aus Nummer, Adresse und Kategorien.',
    params: EVENT_ID,
    headers: STAND_HEADERS,
  }),
  docOf(GET_EVENT_STANDS_CSV, {
    description:
      'Für den Organisator, Mitveranstalter:innen und Admins: alle Anmeldungen außer zurückgezogenen, mit Nummer, Status, Name, Art (Gast/Konto), E-Mail, Straße, Hausnummer, PLZ, Ort, ' +
      'Kategorien, Beschreibung, PayPal, Koordinaten, Anmeldezeit und Link. ' +
      'UTF-8 mit BOM, Trennzeichen `;`, Zeilenende CRLF, Dezimalkomma; Zellen, die mit = + - @ beginnen, erhalten ein vorangestelltes Apostroph.',
    params: EVENT_ID,
    headers: CSV_HEADERS,
  }),
  docOf(GET_EVENT_STANDS_GEOJSON, {
    description:
      'Für alle: eine FeatureCollection (RFC 7946) der genehmigten Stände mit Standort; je Stand nur öffentliche Angaben ' +
      '(`standNumber`, `address` – vor dem Markttag bei ungefähren Ständen ohne Hausnummer –, `categories`, `foodCategories`, `activityCategories`, `description`, `acceptsPayPal`, `url`), keine Namen.',
    params: EVENT_ID,
    examples: { 200: GEOJSON_EXAMPLE },
    headers: STAND_HEADERS,
  }),
];
