import { shortenAtWord, streetLine } from '@flohmarkt/contracts';
import { BODY_BOTTOM, CONTENT_WIDTH, MARGIN, pageFooter, printedAtText, sheetHeading, type Pdf } from './pdf-document.js';
import type { PrintSheet, SheetStand } from './print-sheet.js';
import { PRINT_TEXTS } from './print-texts.js';
import { winAnsi } from './win-ansi.js';

/** A short description: what fits into three lines of the column. */
const DESCRIPTION_MAX = 220;
const CELL_PADDING = 4;
const FONT_SIZE = 9.5;
const CATEGORIES_WIDTH = 120;
const ADDRESS_WIDTH = 140;
/** The number column grows with the longest number (up to 50 characters) so it wraps at words, within these bounds. */
const NUMBER_WIDTH = { min: 44, max: 120 } as const;

interface Column {
  title: string;
  width: number;
}

function columnsFor(doc: Pdf, stands: SheetStand[]): Column[] {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  // pdfkit measures a word with the space after it when wrapping.
  const widestWord = Math.max(
    0,
    ...stands.flatMap((stand) =>
      winAnsi(stand.mark)
        .split(' ')
        .map((word) => doc.widthOfString(`${word} `)),
    ),
  );
  const widest = Math.max(0, ...stands.map((stand) => doc.widthOfString(winAnsi(stand.mark))));
  // Wide enough for the whole number when it fits the maximum, else at least for its longest word.
  const wanted = widest + 2 * CELL_PADDING <= NUMBER_WIDTH.max ? widest : widestWord;
  const numberWidth = Math.min(NUMBER_WIDTH.max, Math.max(NUMBER_WIDTH.min, Math.ceil(wanted + 2 * CELL_PADDING + 1)));
  return [
    { title: PRINT_TEXTS.columnNumber, width: numberWidth },
    { title: PRINT_TEXTS.columnAddress, width: ADDRESS_WIDTH },
    { title: PRINT_TEXTS.columnCategories, width: CATEGORIES_WIDTH },
    { title: PRINT_TEXTS.columnDescription, width: CONTENT_WIDTH - numberWidth - ADDRESS_WIDTH - CATEGORIES_WIDTH },
  ];
}

function cells(stand: SheetStand): string[] {
  return [
    winAnsi(stand.mark),
    winAnsi(stand.address ? `${streetLine(stand.address)}\n${stand.address.postcode} ${stand.address.town}` : PRINT_TEXTS.empty),
    winAnsi(stand.categories.join(', ')),
    shortenAtWord(winAnsi(stand.description ?? ''), DESCRIPTION_MAX),
  ];
}

function tableHeader(doc: Pdf, columns: Column[], y: number): number {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#000000');
  let x = MARGIN;
  for (const column of columns) {
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

/** The heading of a street's group in the list by street: "Hohe Straße, 50667 Köln", or the stands without an address. */
function streetHeading(stand: SheetStand): string {
  return stand.address ? `${stand.address.street}, ${stand.address.postcode} ${stand.address.town}` : PRINT_TEXTS.withoutAddress;
}

const HEADING_SIZE = 10.5;
const HEADING_ROOM = HEADING_SIZE + 8;

/**
 * The stand list: number (or the sheet's mark), address, categories and a short description of
 * every approved stand, in the sheet's order: by number ("2" before "10"), then those without one —
 * or, `byStreet`, street by street (stand-order.ts byStreet) with a heading per street. Rows never
 * split across pages, a heading never ends a page; the table header repeats on every page.
 */
export function drawStandList(doc: Pdf, sheet: PrintSheet, { byStreet = false }: { byStreet?: boolean } = {}): void {
  const { event } = sheet;
  const footer = { name: event.name, rest: `${PRINT_TEXTS.standListTitle} · ${printedAtText(sheet.printedAt)}` };
  let page = 1;
  let y = sheetHeading(doc, PRINT_TEXTS.standListTitle, event);
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
  const columns = columnsFor(doc, sheet.stands);
  y = tableHeader(doc, columns, y);
  let street: string | null = null;
  for (const stand of sheet.stands) {
    const texts = cells(stand);
    doc.fontSize(FONT_SIZE);
    const height =
      Math.max(
        ...texts.map((text, i) =>
          doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').heightOfString(text || ' ', { width: columns[i].width - 2 * CELL_PADDING }),
        ),
      ) +
      2 * CELL_PADDING;
    const heading: string | null = byStreet && streetHeading(stand) !== street ? streetHeading(stand) : null;
    if (y + height + (heading ? HEADING_ROOM : 0) > BODY_BOTTOM) {
      pageFooter(doc, footer, page);
      doc.addPage();
      page += 1;
      y = tableHeader(doc, columns, MARGIN);
    }
    if (heading !== null) {
      street = heading;
      doc
        .font('Helvetica-Bold')
        .fontSize(HEADING_SIZE)
        .fillColor('#000000')
        .text(winAnsi(heading), MARGIN, y + 5, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
      y += HEADING_ROOM;
    }
    let x = MARGIN;
    texts.forEach((text, i) => {
      doc
        .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(FONT_SIZE)
        .fillColor('#000000')
        .text(text, x + CELL_PADDING, y + CELL_PADDING, { width: columns[i].width - 2 * CELL_PADDING });
      x += columns[i].width;
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
