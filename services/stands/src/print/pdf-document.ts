import PDFDocument from 'pdfkit';
import { DATE_LOCALE, TIME_ZONE, fileSlug } from '@flohmarkt/contracts';
import { marketWhen } from '../notifications/notice-dates.js';
import { fitBox, fitLine } from './fit-text.js';
import { fileAnswer, type CachedFile } from './heavy-read-cache.js';
import type { SheetEvent } from './print-sheet.js';
import { PRINT_TEXTS } from './print-texts.js';
import { winAnsi } from './win-ansi.js';

export type Pdf = PDFKit.PDFDocument;

/** A4 in PDF points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Where the body ends: the footer line sits below it. */
export const BODY_BOTTOM = A4.height - MARGIN - 14;

const printedAt = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A German A4 document in black on white. */
export function newPdf(title: string): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'de-DE',
    displayTitle: true,
    info: { Title: winAnsi(title), Creator: 'Flohmarkt-Plattform', Producer: 'Flohmarkt-Plattform' },
  });
}

/**
 * The whole document as a file to send and keep (heavy-read-cache.ts): drawn once per change of the
 * event's data instead of once per call. `draw` must end with the last page.
 */
export function pdfFile(doc: Pdf, fileStem: string, draw: (doc: Pdf) => void): Promise<CachedFile> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    // Inline: the browser shows it and prints from its viewer; the name is what "save" suggests.
    doc.on('end', () => resolve(fileAnswer(Buffer.concat(chunks), 'application/pdf', `inline; filename="${fileStem}.pdf"`)));
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

export function printedAtText(at: Date): string {
  return PRINT_TEXTS.printedAt(`${printedAt.format(at)} Uhr`);
}

/** What a page's footer says at its left: the market's name (shortened to fit the line), then the rest. */
export interface FooterText {
  name: string;
  rest: string;
}

/**
 * The footer of a page: left what and when, right the page number. Written with the bottom margin
 * lifted for the moment, so pdfkit does not take text below the body for a page break.
 */
export function pageFooter(doc: Pdf, footer: FooterText, pageNumber: number): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = A4.height - MARGIN;
  doc
    .save()
    .moveTo(MARGIN, y - 4)
    .lineTo(A4.width - MARGIN, y - 4)
    .lineWidth(0.5)
    .strokeColor('#000000')
    .stroke()
    .restore();
  doc.font('Helvetica').fontSize(8).fillColor('#000000');
  const left = fitLine(doc, winAnsi(footer.name), CONTENT_WIDTH - 64, (name) => `${name} · ${winAnsi(footer.rest)}`);
  doc.text(left, MARGIN, y, { width: CONTENT_WIDTH - 60, lineBreak: false });
  doc.text(PRINT_TEXTS.page(pageNumber), A4.width - MARGIN - 60, y, { width: 60, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
}

/** Where the heading block ends at the latest: the stand map's frame starts here on every sheet. */
export const HEADING_BOTTOM = 150;

/**
 * The heading block of the stand list and the stand map: kind, the event's name (two lines at most),
 * when and where (one line each), so it always ends above HEADING_BOTTOM. Answers the y below it.
 */
export function sheetHeading(doc: Pdf, kind: string, event: SheetEvent): number {
  const label = event.cancelled ? `${kind.toUpperCase()} · ${PRINT_TEXTS.cancelled}` : kind.toUpperCase();
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(10).text(label, MARGIN, MARGIN, { characterSpacing: 1.5 });
  doc.font('Helvetica-Bold').fontSize(18);
  doc.text(fitBox(doc, winAnsi(event.name), CONTENT_WIDTH, 2 * doc.currentLineHeight(true)), { width: CONTENT_WIDTH });
  doc.moveDown(0.15).font('Helvetica').fontSize(10.5);
  // One line each: fitted to the width, so wrapping never starts a second.
  doc.text(fitLine(doc, winAnsi(marketWhen(event.start, event.end)), CONTENT_WIDTH), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.text(fitLine(doc, winAnsi(event.location), CONTENT_WIDTH), MARGIN, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(1)
    .strokeColor('#000000')
    .stroke();
  return y + 8;
}

/** A file name stem for the event: "standliste-hofflohmarkt-suedstadt". */
export function fileStem(kind: string, eventName: string): string {
  const slug = fileSlug(eventName);
  return slug ? `${kind}-${slug}` : kind;
}
