import { streetLine } from '@flohmarkt/contracts';
import { fitView, metresPerPoint, scaleBar, toPage, type Frame, type LatLng, type MapView } from './map-geometry.js';
import type { TileImage } from './map-tiles.js';
import { A4, BODY_BOTTOM, CONTENT_WIDTH, HEADING_BOTTOM, MARGIN, pageFooter, printedAtText, sheetHeading, type FooterText, type Pdf } from './pdf-document.js';
import type { PrintSheet, SheetStand } from './print-sheet.js';
import { fitLine } from './fit-text.js';
import { PRINT_TEXTS } from './print-texts.js';
import { winAnsi } from './win-ansi.js';

/** Tiles are drawn at 0.75 pt per pixel (about 96 dpi): sharp enough for street names, few tiles. */
export const POINTS_PER_PIXEL = 0.75;
const FRAME_HEIGHT = 500;
/** Room around the outermost stands, so their markers stay inside the frame. */
const FRAME_PADDING = 22;
const MARKER_RADIUS = 7;
/** Two columns: a legend line holds the mark, the address and the categories (issue 33). */
const LEGEND_COLUMNS = 2;
const LEGEND_LINE = 11;
/** The widest a marker gets: a long stand number is shortened on the map, the legend and the list have it whole. */
const MARKER_MAX_WIDTH = 56;
/** The legend's number column: as wide as its widest number, but never more than half its column. */
const LEGEND_NUMBER_MIN_WIDTH = 24;

export interface PlacedStand {
  stand: SheetStand;
  position: LatLng;
}

export interface StandMapPlan {
  frame: Frame;
  /** null when nothing on the map has a position (no stand and no place of the event). */
  view: MapView | null;
  placed: PlacedStand[];
  withoutPosition: number;
}

/**
 * The frame below the heading and the view that fits every stand with a position (else the event's
 * place): planned before the document is drawn, so the tiles can be fetched first.
 */
export function planStandMap(sheet: PrintSheet): StandMapPlan {
  const frame: Frame = { x: MARGIN, y: HEADING_BOTTOM, width: CONTENT_WIDTH, height: FRAME_HEIGHT };
  const placed = sheet.stands.flatMap((stand) =>
    stand.latitude !== null && stand.longitude !== null ? [{ stand, position: { lat: stand.latitude, lng: stand.longitude } }] : [],
  );
  const { latitude, longitude } = sheet.event;
  const points = placed.length ? placed.map((p) => p.position) : latitude !== null && longitude !== null ? [{ lat: latitude, lng: longitude }] : [];
  return {
    frame,
    view: points.length ? fitView(points, frame, POINTS_PER_PIXEL, FRAME_PADDING) : null,
    placed,
    withoutPosition: sheet.stands.length - placed.length,
  };
}

function drawBackground(doc: Pdf, frame: Frame, tiles: TileImage[] | null): void {
  doc.save().rect(frame.x, frame.y, frame.width, frame.height).clip();
  if (tiles) {
    for (const t of tiles) doc.image(t.png, t.left, t.top, { width: t.size, height: t.size });
    // Lightened, so the black markers stand out on a black-and-white print.
    doc.rect(frame.x, frame.y, frame.width, frame.height).fillOpacity(0.35).fill('#ffffff').fillOpacity(1);
  } else {
    // The plain frame: a light grid to find one's way by the numbers, no streets.
    doc.lineWidth(0.3).strokeColor('#bbbbbb');
    for (let x = frame.x + 50; x < frame.x + frame.width; x += 50) doc.moveTo(x, frame.y).lineTo(x, frame.y + frame.height);
    for (let y = frame.y + 50; y < frame.y + frame.height; y += 50) doc.moveTo(frame.x, y).lineTo(frame.x + frame.width, y);
    doc.stroke();
  }
  doc.restore();
  doc.rect(frame.x, frame.y, frame.width, frame.height).lineWidth(1).strokeColor('#000000').stroke();
}

function drawMarker(doc: Pdf, at: { x: number; y: number }, mark: string): void {
  doc.font('Helvetica-Bold').fontSize(mark.length > 2 ? 6 : 7);
  const label = fitLine(doc, winAnsi(mark), MARKER_MAX_WIDTH - 5);
  const width = Math.max(2 * MARKER_RADIUS, doc.widthOfString(label) + 5);
  if (width > 2 * MARKER_RADIUS) doc.roundedRect(at.x - width / 2, at.y - MARKER_RADIUS, width, 2 * MARKER_RADIUS, MARKER_RADIUS);
  else doc.circle(at.x, at.y, MARKER_RADIUS);
  doc.lineWidth(1).fillAndStroke('#ffffff', '#000000');
  doc.fillColor('#000000').text(label, at.x - width / 2, at.y - doc.currentLineHeight() / 2 + 0.5, { width, align: 'center', lineBreak: false });
}

function drawNorthArrow(doc: Pdf, frame: Frame): void {
  const x = frame.x + frame.width - 22;
  const y = frame.y + 14;
  doc
    .save()
    .rect(x - 11, y - 6, 22, 40)
    .fill('#ffffff');
  doc.polygon([x, y + 2], [x + 7, y + 24], [x, y + 19], [x - 7, y + 24]).fill('#000000');
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('#000000')
    .text(PRINT_TEXTS.north, x - 11, y + 25, { width: 22, align: 'center', lineBreak: false });
  doc.restore();
}

function drawScaleBar(doc: Pdf, view: MapView): void {
  const bar = scaleBar(metresPerPoint(view), view.frame.width / 4);
  const x = view.frame.x + 10;
  const y = view.frame.y + view.frame.height - 22;
  doc
    .save()
    .rect(x - 4, y - 10, bar.points + 8, 26)
    .fill('#ffffff');
  doc.rect(x, y + 4, bar.points / 2, 5).fill('#000000');
  doc
    .rect(x + bar.points / 2, y + 4, bar.points / 2, 5)
    .lineWidth(0.8)
    .fillAndStroke('#ffffff', '#000000');
  doc
    .rect(x, y + 4, bar.points, 5)
    .lineWidth(0.8)
    .stroke('#000000');
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#000000')
    .text(bar.label, x, y - 7, { width: bar.points, align: 'right', lineBreak: false });
  doc.text('0', x, y - 7, { lineBreak: false });
  doc.restore();
}

function drawAttribution(doc: Pdf, frame: Frame): void {
  doc.font('Helvetica').fontSize(6.5);
  const text = PRINT_TEXTS.tileAttribution;
  const width = doc.widthOfString(text) + 6;
  const x = frame.x + frame.width - width;
  const y = frame.y + frame.height - 11;
  doc.rect(x, y, width, 11).fill('#ffffff');
  doc.fillColor('#000000').text(text, x + 3, y + 2.5, { lineBreak: false });
}

/** The legend below the map, continued on further pages in columns: the mark, then the address and the categories. */
function drawLegend(doc: Pdf, sheet: PrintSheet, plan: StandMapPlan, top: number, footer: FooterText): void {
  let page = 1;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(PRINT_TEXTS.legend, MARGIN, top);
  doc.font('Helvetica').fontSize(8.5);
  const notes: string[] = [];
  if (plan.withoutPosition > 0) notes.push(PRINT_TEXTS.withoutPosition(plan.withoutPosition));
  if (sheet.stands.length === 0) notes.push(PRINT_TEXTS.noStands);
  else if (plan.placed.length === 0) notes.push(PRINT_TEXTS.noPositions);
  for (const note of notes) doc.text(note, MARGIN, doc.y + 1, { width: CONTENT_WIDTH });
  const entries = plan.placed.map((p) => p.stand);
  const columnWidth = CONTENT_WIDTH / LEGEND_COLUMNS;
  doc.font('Helvetica-Bold').fontSize(8);
  const widestNumber = Math.max(0, ...entries.map((stand) => doc.widthOfString(winAnsi(stand.mark))));
  const numberWidth = Math.min(columnWidth / 2, Math.max(LEGEND_NUMBER_MIN_WIDTH, widestNumber + 2));
  let y = doc.y + 4;
  let column = 0;
  let rowTop = y;
  for (const stand of entries) {
    if (y + LEGEND_LINE > BODY_BOTTOM) {
      column += 1;
      y = rowTop;
      if (column === LEGEND_COLUMNS) {
        pageFooter(doc, footer, page);
        doc.addPage();
        page += 1;
        column = 0;
        y = rowTop = MARGIN;
      }
    }
    const x = MARGIN + column * columnWidth;
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(fitLine(doc, winAnsi(stand.mark), numberWidth), x, y, { width: numberWidth, lineBreak: false });
    doc.font('Helvetica');
    const described = [stand.address ? streetLine(stand.address) : null, stand.categories.join(', ') || null].filter(Boolean).join(' · ');
    const text = fitLine(doc, winAnsi(described) || '–', columnWidth - numberWidth - 6);
    doc.text(text, x + numberWidth + 2, y, { width: columnWidth - numberWidth - 4, lineBreak: false });
    y += LEGEND_LINE;
  }
  pageFooter(doc, footer, page);
}

/**
 * The stand map: every approved stand with a position as a marker with its number (or the sheet's
 * mark) over the map tiles (when they could be had) or over a plain frame, with a scale bar and a
 * north arrow; below it the legend of marks with addresses and categories.
 */
export function drawStandMap(doc: Pdf, sheet: PrintSheet, plan: StandMapPlan, tiles: TileImage[] | null): void {
  const { event } = sheet;
  sheetHeading(doc, PRINT_TEXTS.standMapTitle, event);
  const { frame, view } = plan;
  drawBackground(doc, frame, view ? tiles : null);
  if (view) {
    // The sheet's last marks first, so the first (low numbers) end up on top.
    const ordered = [...plan.placed].reverse();
    for (const { stand, position } of ordered) drawMarker(doc, toPage(view, position), stand.mark);
    drawScaleBar(doc, view);
    drawNorthArrow(doc, frame);
    if (tiles) drawAttribution(doc, frame);
  } else {
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#000000')
      .text(PRINT_TEXTS.noPositions, frame.x, frame.y + frame.height / 2 - 6, { width: frame.width, align: 'center' });
  }
  let below = frame.y + frame.height + 4;
  if (!tiles || !view) {
    doc.font('Helvetica').fontSize(7.5).fillColor('#000000').text(PRINT_TEXTS.plainFrame, MARGIN, below, { width: CONTENT_WIDTH, lineBreak: false });
  }
  below += 14;
  drawLegend(doc, sheet, plan, Math.min(below, A4.height - MARGIN - 60), {
    name: event.name,
    rest: `${PRINT_TEXTS.standMapTitle} · ${printedAtText(sheet.printedAt)}`,
  });
}
