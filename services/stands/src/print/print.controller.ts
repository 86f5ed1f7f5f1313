import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { tilesCovering } from './map-geometry.js';
import { MapTiles } from './map-tiles.js';
import { fileStem, newPdf, sendPdf } from './pdf-document.js';
import { drawPoster } from './poster-pdf.js';
import { PrintSheets, type PrintSheet } from './print-sheet.js';
import { PRINT_FILES, PRINT_TEXTS } from './print-texts.js';
import { drawStandList } from './stand-list-pdf.js';
import { drawStandMap, planStandMap } from './stand-map-pdf.js';

const title = (kind: string, sheet: PrintSheet) => `${kind}: ${sheet.event.name}`;

/**
 * The printed kit of an event, for anyone: it shows only what the event page shows (approved
 * stands, public fields). Each PDF is made from the current data when asked for and streamed as
 * it is drawn. An unknown event is a 404 before anything is sent.
 */
@Controller('events/:id')
export class PrintController {
  constructor(
    private readonly sheets: PrintSheets,
    private readonly tiles: MapTiles,
  ) {}

  @Get('poster.pdf')
  async poster(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const sheet = await this.sheets.of(id);
    sendPdf(res, newPdf(title('Plakat', sheet)), fileStem(PRINT_FILES.poster, sheet.event.name), (doc) => drawPoster(doc, sheet));
  }

  @Get('stand-list.pdf')
  async standList(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const sheet = await this.sheets.of(id);
    sendPdf(res, newPdf(title(PRINT_TEXTS.standListTitle, sheet)), fileStem(PRINT_FILES.standList, sheet.event.name), (doc) => drawStandList(doc, sheet));
  }

  @Get('stand-map.pdf')
  async standMap(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const sheet = await this.sheets.of(id);
    const plan = planStandMap(sheet);
    // Before the first byte: without every tile the map is printed on the plain frame.
    const tiles = plan.view ? await this.tiles.fetch(tilesCovering(plan.view)) : null;
    sendPdf(res, newPdf(title(PRINT_TEXTS.standMapTitle, sheet)), fileStem(PRINT_FILES.standMap, sheet.event.name), (doc) =>
      drawStandMap(doc, sheet, plan, tiles),
    );
  }
}

/** For app.module.ts. */
export const PRINT_CONTROLLERS = [PrintController];
export const PRINT_PROVIDERS = [PrintSheets, MapTiles];
