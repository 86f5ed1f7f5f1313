import { BODY_BOTTOM, CONTENT_WIDTH, MARGIN, pageFooter, printedAtText, sheetHeading, whenText, type Pdf } from './pdf-document.js';
import type { PrintSheet, SheetStand } from './print-sheet.js';
import { PRINT_TEXTS } from './print-texts.js';
import { shorten, winAnsi } from './win-ansi.js';

/** A short description: what fits into three lines of the column. */
const DESCRIPTION_MAX = 220;
const CELL_PADDING = 4;
const COLUMNS = [
  { title: PRINT_TEXTS.columnNumber, width: 44 },
  { title: PRINT_TEXTS.columnCategories, width: 170 },
  { title: PRINT_TEXTS.columnDescription, width: CONTENT_WIDTH - 44 - 170 },
] as const;
const FONT_SIZE = 9.5;

function cells(stand: SheetStand): [string, string, string] {
  return [winAnsi(stand.number ?? PRINT_TEXTS.noNumber), winAnsi(stand.categories.join(', ')), shorten(winAnsi(stand.description ?? ''), DESCRIPTION_MAX)];
}

function tableHeader(doc: Pdf, y: number): number {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#000000');
  let x = MARGIN;
  for (const column of COLUMNS) {
    doc.text(column.title, x + CELL_PADDING, y, { width: column.width - 2 * CELL_PADDING, lineBreak: false });
    x += column.width;
  }
  const below = y + FONT_SIZE + 5;
  doc
    .moveTo(MARGIN, below)
    .lineTo(MARGIN + CONTENT_WIDTH, below)
    .lineWidth(0.8)
    .strokeColor('#000000')
    .stroke();
  return below + 4;
}

/**
 * The numbered stand list: number, categories and a short description of every approved stand,
 * by number ("2" before "10"), then those without one. Rows never split across pages; the table
 * header repeats on every page.
 */
export function drawStandList(doc: Pdf, sheet: PrintSheet): void {
  const { event } = sheet;
  const footer = `${winAnsi(event.name)} · ${PRINT_TEXTS.standListTitle} · ${printedAtText(sheet.printedAt)}`;
  let page = 1;
  let y = sheetHeading(doc, PRINT_TEXTS.standListTitle, event.name, whenText(event.start, event.end), event.location, event.cancelled);
  doc.font('Helvetica').fontSize(9).text(PRINT_TEXTS.standCount(sheet.stands.length), MARGIN, y);
  y = doc.y + 6;
  if (sheet.stands.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(12)
      .text(PRINT_TEXTS.noStands, MARGIN, y + 8);
    pageFooter(doc, footer, page);
    return;
  }
  y = tableHeader(doc, y);
  for (const stand of sheet.stands) {
    const texts = cells(stand);
    doc.fontSize(FONT_SIZE);
    const height =
      Math.max(
        ...texts.map((text, i) =>
          doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').heightOfString(text || ' ', { width: COLUMNS[i].width - 2 * CELL_PADDING }),
        ),
      ) +
      2 * CELL_PADDING;
    if (y + height > BODY_BOTTOM) {
      pageFooter(doc, footer, page);
      doc.addPage();
      page += 1;
      y = tableHeader(doc, MARGIN);
    }
    let x = MARGIN;
    texts.forEach((text, i) => {
      doc
        .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor('#000000')
        .text(text, x + CELL_PADDING, y + CELL_PADDING, { width: COLUMNS[i].width - 2 * CELL_PADDING });
      x += COLUMNS[i].width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.3)
      .strokeColor('#555555')
      .stroke();
  }
  pageFooter(doc, footer, page);
}
