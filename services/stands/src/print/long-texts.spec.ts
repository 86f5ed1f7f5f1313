import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMITS, LIMITS } from '@flohmarkt/contracts';
import { A4, newPdf, pdfFile, type Pdf } from './pdf-document.js';
import { drawPoster } from './poster-pdf.js';
import type { PrintSheet, SheetStand } from './print-sheet.js';
import { drawStandList } from './stand-list-pdf.js';
import { drawStandMap, planStandMap } from './stand-map-pdf.js';

/*
 * The printed kit with every text at its allowed maximum (issue 30): a market's name of 200
 * characters, its place of 300, stand numbers of 50, descriptions of 500. Each PDF is drawn, and
 * every piece of text in it lies inside the page and does not run into the text beside it.
 */

const words = (text: string, length: number) =>
  text
    .repeat(Math.ceil(length / text.length))
    .slice(0, length)
    .trimEnd();
const NAME = words('Großer Hof- und Straßenflohmarkt der Nachbarschaft rund um den Rathenauplatz ', LIMITS.eventNameMaxLength);
const PLACE = words('Rathenauplatz und alle Höfe der umliegenden Straßen, 50674 Köln-Neustadt-Süd ', LIMITS.eventLocationMaxLength);
const DESCRIPTION = words('Kinderkleidung, Bücher, Schallplatten und Spielzeug aus drei Jahrzehnten, alles gut erhalten. ', 500);

function stand(i: number): SheetStand {
  const number = words(`${i} Hofeinfahrt Merowingerstraße Ecke Volksgartenstraße `, LIMITS.standNumberMaxLength);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number,
    mark: number,
    address: {
      street: words('Oberländer Wall und Hofeinfahrt hinter der Remise ', ADDRESS_LIMITS.streetMaxLength),
      houseNumber: '1234a-1236b',
      postcode: '50678',
      town: words('Köln-Neustadt-Süd am Rhein ', ADDRESS_LIMITS.townMaxLength),
    },
    categories: ['Kleidung', 'Bücher', 'Spielzeug', 'Haushalt', 'Elektronik', 'Kuchen und Waffeln', 'Kinderschminken'],
    description: DESCRIPTION,
    latitude: 50.93 + (i % 7) * 0.001,
    longitude: 6.94 + Math.floor(i / 7) * 0.0012,
    acceptsPayPal: true,
  };
}

function sheet(changes: Partial<PrintSheet['event']> = {}): PrintSheet {
  return {
    event: {
      id: '11111111-1111-4111-8111-111111111111',
      name: NAME,
      location: PLACE,
      start: new Date('2031-06-14T06:00:00Z'),
      end: new Date('2031-06-15T14:00:00Z'),
      cancelled: false,
      cancelReason: null,
      registrationDeadline: new Date('2031-06-13T16:00:00Z'),
      latitude: 50.93,
      longitude: 6.94,
      ...changes,
    },
    stands: Array.from({ length: 40 }, (_, i) => stand(i + 1)),
    eventUrl: 'https://flohmarkt.example.org/events/11111111-1111-4111-8111-111111111111',
    shortUrl: 'flohmarkt.example.org/events/11111111-1111-4111-8111-111111111111',
    printedAt: new Date('2031-05-01T10:00:00Z'),
  };
}

interface Piece {
  page: number;
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/** pdfjs measures Helvetica by the metrics it ships (pdfkit embeds none for the standard fonts). */
const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** Every piece of text the PDF draws, with its box in PDF points (origin bottom left). */
async function pieces(pdf: Buffer): Promise<{ pages: number; pieces: Piece[] }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS }).promise;
  const found: Piece[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , x, y] = item.transform as number[];
      found.push({ page: n, text: item.str, left: x, right: x + item.width, bottom: y, top: y + item.height });
    }
  }
  return { pages: doc.numPages, pieces: found };
}

const draw = (paint: (doc: Pdf) => void) => pdfFile(newPdf(NAME), 'probe', paint).then((file) => file.body);

/** Inside the page with room to spare for a printer's unprintable edge, and no two pieces on one line overlapping. */
function expectAllInside(found: Piece[]): void {
  for (const piece of found) {
    expect(piece.left, piece.text).toBeGreaterThanOrEqual(20);
    expect(piece.right, piece.text).toBeLessThanOrEqual(A4.width - 20);
    expect(piece.bottom, piece.text).toBeGreaterThanOrEqual(20);
    expect(piece.top, piece.text).toBeLessThanOrEqual(A4.height - 20);
  }
  for (const a of found) {
    for (const b of found) {
      if (a === b || a.page !== b.page || Math.abs(a.bottom - b.bottom) > 1) continue;
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      expect(overlap, `${a.text} | ${b.text}`).toBeLessThanOrEqual(0.5);
    }
  }
}

describe('the printed kit with every text at its longest', () => {
  it('poster: the name shortened after a whole word, the place, the deadline and the address, all inside the page', async () => {
    const { pages, pieces: found } = await pieces(await draw((doc) => drawPoster(doc, sheet())));
    expect(pages).toBe(1);
    expectAllInside(found);
    const text = found.map((p) => p.text).join(' ');
    expect(text).toContain('Anmeldung bis Fr 13.06., 18:00 Uhr');
    expect(text).toContain('flohmarkt.example.org/events/');
  });

  it('poster of a cancelled market with a long reason stays one page, inside it, and tells no deadline', async () => {
    const reason = words('Das Ordnungsamt hat die Genehmigung wegen einer Baustelle auf dem Platz zurückgezogen. ', LIMITS.shortTextMaxLength);
    const { pages, pieces: found } = await pieces(await draw((doc) => drawPoster(doc, sheet({ cancelled: true, cancelReason: reason }))));
    expect(pages).toBe(1);
    expectAllInside(found);
    expect(found.map((p) => p.text).join(' ')).not.toContain('Anmeldung bis');
  });

  it('stand list: 40 stands with 50-character numbers and 500-character descriptions, page after page inside', async () => {
    const { pages, pieces: found } = await pieces(await draw((doc) => drawStandList(doc, sheet())));
    expect(pages).toBeGreaterThan(1);
    expectAllInside(found);
    const footers = found.filter((p) => p.bottom < 60);
    expect(footers.filter((p) => /^Seite \d+$/.test(p.text))).toHaveLength(pages);
  });

  it('stand map (plain frame): markers, legend and footer inside the page, nothing running into its neighbour', async () => {
    const printed = sheet();
    const { pieces: found } = await pieces(await draw((doc) => drawStandMap(doc, printed, planStandMap(printed), null)));
    expectAllInside(found);
    expect(found.some((p) => p.text.startsWith('1 Hofeinfahrt'))).toBe(true);
  });
});
