import QRCode from 'qrcode';
import { formatRegistrationDeadline } from '@flohmarkt/contracts';
import { fitBox } from './fit-text.js';
import { A4, CONTENT_WIDTH, MARGIN, printedAtText, type Pdf } from './pdf-document.js';
import { marketWhen } from '../notifications/notice-dates.js';
import type { PrintSheet } from './print-sheet.js';
import { PRINT_TEXTS } from './print-texts.js';
import { winAnsi } from './win-ansi.js';

/** The QR code's side on paper: about 10 cm (less only under a very long name), readable from a few metres. */
export const POSTER_QR_SIZE = 285;
const POSTER_QR_MIN_SIZE = 200;
/** Medium error correction: survives rain spots and a folded corner, and keeps the modules large. */
const QR_ERROR_CORRECTION = 'M';

/** The modules of the QR code of `url` (true = dark), row by row. */
export function qrModules(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}

/**
 * Draws the code as vector squares (sharp at any printer resolution), one rectangle per run of dark
 * modules in a row, on the white quiet zone the standard asks for (4 modules).
 */
function drawQr(doc: Pdf, url: string, x: number, y: number, size: number): void {
  const modules = qrModules(url);
  const cell = size / (modules.length + 8);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < row.length && row[c + 1]) c++;
      doc.rect(x + (start + 4) * cell, y + (r + 4) * cell, (c - start + 1) * cell, cell);
    }
  });
  doc.fill('#000000').restore();
}

/** The largest font size (from `max` down) at which the text takes at most `maxHeight`. */
function fittingSize(doc: Pdf, text: string, font: string, max: number, min: number, maxHeight: number): number {
  doc.font(font);
  for (let size = max; size > min; size -= 2) {
    if (doc.fontSize(size).heightOfString(text, { width: CONTENT_WIDTH, align: 'center' }) <= maxHeight) return size;
  }
  return min;
}

/**
 * The poster: name, when (Berlin time) and where, a large QR code to the event page and its
 * address to type. A cancelled market says so in a black band above everything else.
 */
export function drawPoster(doc: Pdf, sheet: PrintSheet): void {
  const { event } = sheet;
  const center = { width: CONTENT_WIDTH, align: 'center' as const };
  let y = MARGIN;
  if (event.cancelled) {
    doc.rect(MARGIN, y, CONTENT_WIDTH, 62).fill('#000000');
    doc
      .fillColor('#ffffff')
      .font('Helvetica-Bold')
      .fontSize(40)
      .text(PRINT_TEXTS.cancelled, MARGIN, y + 12, { ...center, characterSpacing: 4 });
    y += 70;
    if (event.cancelReason) {
      doc.fillColor('#000000').font('Helvetica').fontSize(13);
      const reason = fitBox(doc, winAnsi(PRINT_TEXTS.cancelledBecause(event.cancelReason)), CONTENT_WIDTH, 3 * doc.currentLineHeight(true), 'center');
      doc.text(reason, MARGIN, y, center);
      y = doc.y + 6;
    }
  }
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(PRINT_TEXTS.posterKicker, MARGIN, y + 8, { ...center, characterSpacing: 6 });
  const nameHeight = event.cancelled ? 110 : 150;
  const nameSize = fittingSize(doc, winAnsi(event.name), 'Helvetica-Bold', 46, 22, nameHeight);
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(nameSize);
  doc.text(fitBox(doc, winAnsi(event.name), CONTENT_WIDTH, nameHeight, 'center'), MARGIN, doc.y, center);
  doc
    .moveDown(0.4)
    .font('Helvetica-Bold')
    .fontSize(19)
    .text(winAnsi(marketWhen(event.start, event.end)), center);
  doc.moveDown(0.2).font('Helvetica').fontSize(17);
  doc.text(fitBox(doc, winAnsi(event.location), CONTENT_WIDTH, 2 * doc.currentLineHeight(true), 'center'), center);
  // Sellers decide by it (issue 30); a deadline passed by the time of printing is no news to anyone.
  if (!event.cancelled && event.registrationDeadline && event.registrationDeadline > sheet.printedAt) {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(winAnsi(formatRegistrationDeadline(event.registrationDeadline)), center);
  }

  // The code and its address below take the rest of the page, the code centred in it.
  const addressBlock = 78;
  const room = A4.height - MARGIN - 16 - addressBlock - (doc.y + 16);
  const qrSize = Math.max(POSTER_QR_MIN_SIZE, Math.min(POSTER_QR_SIZE, room));
  const qrTop = doc.y + 16 + Math.max(0, (room - qrSize) / 2);
  drawQr(doc, sheet.eventUrl, (A4.width - qrSize) / 2, qrTop, qrSize);
  doc
    .font('Helvetica')
    .fontSize(15)
    .fillColor('#000000')
    .text(PRINT_TEXTS.allStandsOn, MARGIN, qrTop + qrSize + 6, center);
  doc
    .font('Helvetica-Bold')
    .fontSize(sheet.shortUrl.length > 48 ? 11 : 14)
    .text(winAnsi(sheet.shortUrl), center);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).text(PRINT_TEXTS.scanHint, center);
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fontSize(7).text(printedAtText(sheet.printedAt), MARGIN, A4.height - MARGIN + 12, { ...center, lineBreak: false });
  doc.page.margins.bottom = bottom;
}
