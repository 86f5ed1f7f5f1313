import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import jsqr from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { API_ERRORS, GET_EVENT_STANDS_GEOJSON, type TJobPayload } from '@flohmarkt/contracts';
import { ExportsController } from '../exports/exports.controller.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { StandEntity } from '../stands/stand.entity.js';
import { eventFacts, insertStand } from '../testing/fixtures.js';
import { STAND_READS, gatewayFetch, user, withStandsApp, type Caller } from '../testing/stands-app.js';
import { PRINT_CONTROLLERS, PRINT_PROVIDERS } from './print.controller.js';

/*
 * The printed kit and the exports as a caller gets them from the stands service (behind the
 * gateway's token): real PDFs parsed back to text and pictures, the QR code decoded from the
 * rendered poster, the CSV and GeoJSON as files. Events and auth are down (nothing listens): the
 * read models answer alone. Map tiles come from a local tile server, or do not.
 */

const PUBLIC_URL = 'https://flohmarkt.example';
const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const ADMIN = randomUUID();

let ds: DataSource;
let app: INestApplication;
let base: string;
let tileServer: Server;
let tileMode: 'tiles' | 'fallback' = 'tiles';
let tilesServed = 0;

// jsqr is CommonJS with a default export: Node hands its module.exports, whose `default` is the reader.
const jsQR = jsqr.default;

/** A 256-pixel map tile: light ground with dark streets, so its pixels can be told from white paper. */
function tilePng(): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < 256 * 256; i++) {
    const street = i % 256 < 20 || Math.floor(i / 256) % 64 < 6;
    png.data.set(street ? [60, 60, 60, 255] : [210, 230, 200, 255], i * 4);
  }
  return PNG.sync.write(png);
}

type Who = 'anonymous' | 'organizer' | 'seller' | 'admin';
const CALLERS: Record<Who, Caller> = {
  anonymous: {},
  organizer: user('organizer', ORGANIZER),
  seller: user('participant', SELLER),
  admin: user('admin', ADMIN),
};
const get = (path: string, who: Who = 'anonymous') => gatewayFetch(`${base}${path}`, CALLERS[who]);

async function pdfOf(res: Response): Promise<PDFParse> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  return new PDFParse({ data: bytes });
}

/** The text of every page, with the line breaks pdf.js puts in. */
async function textOf(res: Response): Promise<{ text: string; pages: number }> {
  const pdf = await pdfOf(res);
  const result = await pdf.getText();
  await pdf.destroy();
  return { text: result.text, pages: result.total };
}

const facts = (eventId: string, changes: Partial<TJobPayload<'EventFactsChanged'>> = {}) =>
  eventFacts({
    eventId,
    organizerId: ORGANIZER,
    name: 'Großer Hofflohmarkt „Südstadt“ – Straße für Straße',
    location: 'Venloer Straße, 50823 Köln',
    ...changes,
  });

const EVENT = randomUUID();
const CANCELLED = randomUUID();
const DELETED = randomUUID();
const EMPTY = randomUUID();

/** Two stands' addresses (issue 33): the list prints them, the CSV has them whole, the GeoJSON as the public reads them. */
const ROLAND = { addressStreet: 'Rolandstraße', addressHouseNumber: '48', addressPostcode: '50677', addressTown: 'Köln' };
const SEVERIN = { addressStreet: 'Severinstraße', addressHouseNumber: '3', addressPostcode: '50678', addressTown: 'Köln' };

const stand = (values: Partial<StandEntity>) => insertStand(ds, { eventId: EVENT, ...values });

beforeAll(async () => {
  const tile = tilePng();
  tileServer = createServer((req, res) => {
    tilesServed += 1;
    const headers: Record<string, string> = { 'content-type': 'image/png' };
    if (tileMode === 'fallback') headers['x-tile-fallback'] = '1';
    res.writeHead(/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '') ? 200 : 404, headers).end(tile);
  });
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise((resolve) => tileServer?.close(resolve)));

withStandsApp(
  () => ({
    controllers: [...PRINT_CONTROLLERS, ExportsController],
    providers: [EventsClient, ...STAND_READS, ...PRINT_PROVIDERS],
    env: { PUBLIC_URL, TILE_URL: `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png` },
    events: [
      facts(EVENT),
      facts(CANCELLED, { status: 'cancelled', cancelReason: 'Sturmwarnung', name: 'Trödelmarkt am Dom' }),
      facts(DELETED),
      facts(EMPTY, { name: 'Leerer Markt', latitude: null, longitude: null }),
    ],
    users: [[SELLER, 'Sven', 'Verkäufer', 'sven@example.de']],
  }),
  async (started) => {
    ({ app, base, ds } = started);
    await app.get(EventFactsReadModel).forget(DELETED);
  },
);

beforeAll(async () => {
  // Numbers as people write them: "10" must come after "2"; one approved stand has none.
  await stand({
    standNumber: '10',
    exhibitorId: SELLER,
    categories: ['Schallplatten'],
    foodCategories: ['Kuchen'],
    description: 'Jazz und Soul aus drei Jahrzehnten',
    latitude: '50.94800000',
    longitude: '6.92000000',
    ...ROLAND,
  });
  await stand({
    standNumber: '2',
    guestFirstName: 'Gerda',
    guestLastName: 'Gast',
    guestEmail: 'gerda@example.de',
    categories: ['Spielzeug'],
    description: 'Spiele für Groß und Klein – fast neu',
    latitude: '50.94700000',
    longitude: '6.91800000',
  });
  await stand({
    standNumber: null,
    guestFirstName: 'Nora',
    categories: ['Kleidung'],
    description: '=HYPERLINK("http://böse.example","Klick")',
    latitude: null,
    longitude: null,
    ...SEVERIN,
  });
  await stand({ standNumber: '7', guestFirstName: 'Paul', status: 'pending', categories: ['Werkzeug'], description: 'Noch nicht freigegeben' });
  await stand({ standNumber: '8', guestFirstName: 'Rita', status: 'rejected', categories: ['Möbel'], description: 'Abgelehnter Stand' });
  await stand({ standNumber: '9', exhibitorId: randomUUID(), status: 'withdrawn', categories: ['Lampen'], description: 'Zurückgezogener Stand' });
});

describe('GET /events/:id/poster.pdf', () => {
  it('is a German A4 poster with name, Berlin time, place, the address and a QR code that opens the event page', async () => {
    const res = await get(`/events/${EVENT}/poster.pdf`);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="plakat-grosser-hofflohmarkt-suedstadt-strasse-fuer-strasse.pdf"');
    const pdf = await pdfOf(res);
    const { text, total } = await pdf.getText();
    expect(total).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Großer Hofflohmarkt „Südstadt“ – Straße für Straße');
    // 06:00 UTC in June is 08:00 in Berlin.
    expect(flat).toContain('Samstag, 7. Juni 2031, 08:00–16:00 Uhr');
    expect(flat).toContain('Venloer Straße, 50823 Köln');
    expect(flat).toContain(`Alle Stände auf flohmarkt.example/events/${EVENT}`);
    expect(flat).not.toContain('ABGESAGT');

    const shot = await pdf.getScreenshot({ scale: 1.5 });
    const page = shot.pages[0];
    // A4 portrait: 595 × 842 points.
    expect([Math.round(page.width / 1.5), Math.round(page.height / 1.5)]).toEqual([595, 842]);
    const image = PNG.sync.read(Buffer.from(page.data));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${PUBLIC_URL}/events/${EVENT}`);
    await pdf.destroy();
  });

  it('says ABGESAGT, with the reason, for a cancelled market', async () => {
    const { text } = await textOf(await get(`/events/${CANCELLED}/poster.pdf`));
    expect(text).toContain('ABGESAGT');
    expect(text).toContain('Grund: Sturmwarnung');
    expect(text).toContain('Trödelmarkt am Dom');
  });
});

describe('GET /events/:id/stand-list.pdf', () => {
  it('lists the approved stands only, by number (2 before 10) and then the one without, with address, categories and description, no names', async () => {
    const res = await get(`/events/${EVENT}/stand-list.pdf`);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="standliste-grosser-hofflohmarkt/);
    const { text } = await textOf(res);
    const flat = text.replace(/\s+/g, ' ');
    // The letter-spaced heading comes out of the text layer with gaps.
    expect(flat.replace(/ /g, '')).toContain('STANDLISTE');
    expect(flat).toContain('3 Stände');
    const two = flat.indexOf('2 – Spielzeug Spiele für Groß und Klein – fast neu');
    const ten = flat.indexOf('10 Rolandstraße 48 50677 Köln Schallplatten, Kuchen Jazz und Soul aus drei Jahrzehnten');
    // The stand without a number is marked (1), as on the stand map.
    const none = flat.indexOf('(1) Severinstraße 3 50678 Köln Kleidung =HYPERLINK');
    expect(two).toBeGreaterThan(0);
    expect(ten).toBeGreaterThan(two);
    expect(none).toBeGreaterThan(ten);
    for (const hidden of ['Noch nicht freigegeben', 'Abgelehnter Stand', 'Zurückgezogener Stand', 'Gerda', 'Sven', 'Verkäufer', 'gerda@example.de'])
      expect(flat).not.toContain(hidden);
  });

  it('runs over pages, numbered, for many stands, and stays complete', async () => {
    const many = randomUUID();
    await app.get(EventFactsReadModel).apply(facts(many, { name: 'Riesenflohmarkt' }));
    const stands = ds.getRepository(StandEntity);
    await stands.insert(
      Array.from({ length: 120 }, (_, i) => ({
        eventId: many,
        status: 'approved' as const,
        standNumber: String(i + 1),
        categories: ['Bücher'],
        description: `Stand Nummer ${i + 1} mit einer Beschreibung`,
      })),
    );
    const { text, pages } = await textOf(await get(`/events/${many}/stand-list.pdf`));
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Seite ${pages}`);
    for (const n of [1, 2, 10, 99, 120]) expect(text).toContain(`Stand Nummer ${n} mit`);
  });

  it('says so when no stand is approved yet', async () => {
    const { text } = await textOf(await get(`/events/${EMPTY}/stand-list.pdf`));
    expect(text).toContain('Noch keine freigegebenen Stände.');
  });
});

describe('GET /events/:id/stand-map.pdf', () => {
  it('draws every stand over the map tiles, with the OSM attribution and a legend of numbers, addresses and categories', async () => {
    tileMode = 'tiles';
    const before = tilesServed;
    const pdf = await pdfOf(await get(`/events/${EVENT}/stand-map.pdf`));
    const { text } = await pdf.getText();
    const flat = text.replace(/\s+/g, ' ');
    expect(tilesServed).toBeGreaterThan(before);
    expect(flat).toContain('© OpenStreetMap-Mitwirkende');
    expect(flat).toContain('Legende');
    expect(flat).toContain('2 Spielzeug');
    expect(flat).toContain('10 Rolandstraße 48 · Schallplatten, Kuchen');
    expect(flat).toContain('1 Stand ohne Standort ist nur in der Liste.');
    expect(flat).not.toContain('Ohne Kartenhintergrund');
    const images = await pdf.getImage({ imageThreshold: 0 });
    expect(images.pages[0].images.length).toBe(tilesServed - before);
    await pdf.destroy();
  });

  it('draws a plain frame with a scale bar and north arrow when the tile server answers fallback tiles', async () => {
    // The event's facts come again (a newer version, the same values): the map kept above is drawn anew.
    await app.get(EventFactsReadModel).apply(facts(EVENT, { version: 2 }));
    tileMode = 'fallback';
    const res = await get(`/events/${EVENT}/stand-map.pdf`);
    expect(res.headers.get('x-cache')).toBe('miss');
    const pdf = await pdfOf(res);
    const flat = (await pdf.getText()).text.replace(/\s+/g, ' ');
    expect(flat).toContain('Ohne Kartenhintergrund');
    expect(flat).not.toContain('OpenStreetMap');
    // The scale bar's round length and the north arrow.
    expect(flat).toMatch(/\b(10|20|50|100|200|500) m\b/);
    expect(flat).toMatch(/\bN\b/);
    expect((await pdf.getImage({ imageThreshold: 0 })).pages[0].images).toHaveLength(0);
    await pdf.destroy();
    tileMode = 'tiles';
  });

  it('shows an event without any position as an empty frame that says why', async () => {
    const { text } = await textOf(await get(`/events/${EMPTY}/stand-map.pdf`));
    expect(text).toContain('Noch kein Stand hat einen Standort angegeben.');
  });
});

describe('GET /events/:id/stand-list.pdf?order=street', () => {
  it('prints street by street with a heading per street, the stands without an address last, and refuses another order in German', async () => {
    const { text } = await textOf(await get(`/events/${EVENT}/stand-list.pdf?order=street`));
    const flat = text.replace(/\s+/g, ' ');
    const roland = flat.indexOf('Rolandstraße, 50677 Köln 10 Rolandstraße 48');
    const severin = flat.indexOf('Severinstraße, 50678 Köln (1) Severinstraße 3');
    const without = flat.indexOf('Ohne Adresse 2 – Spielzeug');
    expect(roland).toBeGreaterThan(0);
    expect(severin).toBeGreaterThan(roland);
    expect(without).toBeGreaterThan(severin);
    const refused = await get(`/events/${EVENT}/stand-list.pdf?order=alphabet`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Reihenfolge der Standliste/);
  });
});

describe('GET /events/:id/stands.csv', () => {
  it("gives the organiser every registration but the withdrawn one with its holder's e-mail, for German Excel: BOM, ;, CRLF, guarded formulas", async () => {
    const res = await get(`/events/${EVENT}/stands.csv`, 'organizer');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="staende-grosser-hofflohmarkt-suedstadt.*\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Nummer;Status;Name;Art;E-Mail;Straße;Hausnummer;PLZ;Ort;Kategorien;Essen und Trinken;Aktivitäten;Beschreibung;PayPal;Breitengrad;Längengrad;Angemeldet am;Link',
    );
    const rows = lines.slice(1, -1).map((l) => l.split(';'));
    expect(rows.map((r) => r[0])).toEqual(['2', '7', '8', '10', '']);
    expect(rows[0].slice(0, 10)).toEqual(['2', 'Genehmigt', 'Gerda Gast', 'Gast', 'gerda@example.de', '', '', '', '', 'Spielzeug']);
    expect(rows[0].slice(14, 16)).toEqual(['50,947000', '6,918000']);
    expect(rows[3].slice(0, 11)).toEqual([
      '10',
      'Genehmigt',
      'Sven Verkäufer',
      'Konto',
      'sven@example.de',
      'Rolandstraße',
      '48',
      '50677',
      'Köln',
      'Schallplatten',
      'Kuchen',
    ]);
    // A guest who gave no address: an empty cell.
    expect(rows[4][4]).toBe('');
    expect(rows.map((r) => r[1])).toEqual(['Genehmigt', 'Wartend', 'Abgelehnt', 'Genehmigt', 'Genehmigt']);
    expect(lines[5]).toContain(`"'=HYPERLINK(""http://böse.example"",""Klick"")"`);
    expect(rows[0][17]).toMatch(new RegExp(`^${PUBLIC_URL}/stands/[0-9a-f-]{36}$`));
    const all = lines.join('\n');
    expect(all).not.toContain('Zurückgezogener Stand');
  });

  it('is for admins too', async () => {
    expect((await get(`/events/${EVENT}/stands.csv`, 'admin')).status).toBe(200);
  });

  it('answers 401 signed out, 404 for an unknown or deleted event, 403 to anyone else, in German (in that order)', async () => {
    const expectError = async (res: Response, status: number, message: string) => {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ message });
    };
    await expectError(await get(`/events/${EVENT}/stands.csv`), 401, API_ERRORS.unauthenticated);
    await expectError(await get(`/events/${DELETED}/stands.csv`, 'seller'), 404, API_ERRORS.eventNotFound);
    await expectError(await get('/events/kein-event/stands.csv', 'seller'), 404, API_ERRORS.eventNotFound);
    await expectError(await get(`/events/${EVENT}/stands.csv`, 'seller'), 403, API_ERRORS.forbidden);
  });
});

describe('GET /events/:id/stands.geojson', () => {
  it('is a FeatureCollection of the approved stands with a position, public fields only', async () => {
    const res = await get(`/events/${EVENT}/stands.geojson`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const body = (await res.json()) as {
      type: string;
      features: Array<{ type: string; id: string; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }>;
    };
    // The body is what the call declares (and so what the OpenAPI document says).
    expect(GET_EVENT_STANDS_GEOJSON.answers[0].schema.safeParse(body).error).toBeUndefined();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f) => f.properties.standNumber)).toEqual(['2', '10']);
    expect(body.features[0]).toEqual({
      type: 'Feature',
      id: expect.any(String),
      geometry: { type: 'Point', coordinates: [6.918, 50.947] },
      properties: {
        standNumber: '2',
        categories: ['Spielzeug'],
        foodCategories: [],
        activityCategories: [],
        description: 'Spiele für Groß und Klein – fast neu',
        acceptsPayPal: false,
        address: null,
        url: `${PUBLIC_URL}/stands/${body.features[0].id}`,
      },
    });
    expect(body.features[1]!.properties.address).toEqual({ street: 'Rolandstraße', houseNumber: '48', postcode: '50677', town: 'Köln' });
    expect(JSON.stringify(body)).not.toMatch(/Gerda|Sven|example\.de"|pending/);
  });
});

describe('every file of an unknown event', () => {
  it.each(['poster.pdf', 'stand-list.pdf', 'stand-map.pdf', 'stands.geojson'])('%s is a German 404 for a deleted event and a malformed id', async (file) => {
    for (const id of [DELETED, 'nicht-da']) {
      const res = await get(`/events/${id}/${file}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: API_ERRORS.eventNotFound, code: 'NOT_FOUND' });
    }
  });
});
