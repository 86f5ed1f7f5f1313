import { Controller, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { GET_EVENT_POSTER, GET_EVENT_STAND_LIST, GET_EVENT_STAND_MAP } from '@flohmarkt/contracts';
import { PublicRoute, parseCallQuery } from '@flohmarkt/server-kit';
import { HeavyReadCache, sendCached, type MadeFile } from './heavy-read-cache.js';
import { KeptEventReads } from './kept-event-reads.js';
import { tilesCovering } from './map-geometry.js';
import { MapTiles } from './map-tiles.js';
import { fileStem, newPdf, pdfFile, type Pdf } from './pdf-document.js';
import { drawPoster } from './poster-pdf.js';
import { PrintSheets, byStreet, type PrintSheet } from './print-sheet.js';
import { PRINT_FILES, PRINT_TEXTS } from './print-texts.js';
import { EventReadGenerations } from './read-generation.js';
import { drawStandList } from './stand-list-pdf.js';
import { drawStandMap, planStandMap } from './stand-map-pdf.js';

/** A sheet of the kit as a file: titled "<title>: <event>", named "<file kind>-<event slug>.pdf". */
const sheetPdf = (sheet: PrintSheet, title: string, fileKind: string, draw: (doc: Pdf) => void) =>
  pdfFile(newPdf(`${title}: ${sheet.event.name}`), fileStem(fileKind, sheet.event.name), draw);

/**
 * The printed kit of an event, for anyone: it shows only what the event page shows (approved
 * stands, public fields). Each PDF is drawn from the current data once per change of the event's
 * data (its read generation) and kept (heavy-read-cache.ts). An unknown event is a 404 before
 * anything is sent.
 */
@Controller()
export class PrintController {
  constructor(
    private readonly sheets: PrintSheets,
    private readonly tiles: MapTiles,
    private readonly kept: KeptEventReads,
  ) {}

  @PublicRoute(GET_EVENT_POSTER)
  async poster(@Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.send(id, 'poster', res, '', async () => {
      const sheet = await this.sheets.of(id);
      return { file: await sheetPdf(sheet, 'Plakat', PRINT_FILES.poster, (doc) => drawPoster(doc, sheet)), keep: true };
    });
  }

  /** By number, or with `order=street` street by street with a heading per street (issue 33). */
  @PublicRoute(GET_EVENT_STAND_LIST)
  async standList(@Param('id') id: string, @Query() rawQuery: unknown, @Res() res: Response): Promise<void> {
    const { order } = parseCallQuery(GET_EVENT_STAND_LIST, rawQuery);
    await this.send(id, 'stand-list', res, order, async () => {
      const numbered = await this.sheets.of(id);
      const sheet = order === 'street' ? { ...numbered, stands: byStreet(numbered.stands) } : numbered;
      const draw = (doc: Pdf) => drawStandList(doc, sheet, { byStreet: order === 'street' });
      return { file: await sheetPdf(sheet, PRINT_TEXTS.standListTitle, PRINT_FILES.standList, draw), keep: true };
    });
  }

  /** Kept apart with and without tiles: while the tile server is paused the plain frame is kept, then tiles are tried again. */
  @PublicRoute(GET_EVENT_STAND_MAP)
  async standMap(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const tried = this.tiles.available;
    await this.send(id, 'stand-map', res, tried ? 'tiles' : 'plain', async () => {
      const sheet = await this.sheets.of(id);
      const plan = planStandMap(sheet);
      // Before the first byte: without every tile the map is printed on the plain frame.
      const tiles = plan.view ? await this.tiles.fetch(tilesCovering(plan.view)) : null;
      const file = await sheetPdf(sheet, PRINT_TEXTS.standMapTitle, PRINT_FILES.standMap, (doc) => drawStandMap(doc, sheet, plan, tiles));
      // Tiles tried and failed just now: this plain frame is not kept under the key of a map with tiles.
      return { file, keep: !plan.view || tiles !== null || !tried };
    });
  }

  private async send(id: string, kind: string, res: Response, variant: string, make: () => Promise<MadeFile>): Promise<void> {
    const event = await this.sheets.knownEvent(id);
    sendCached(res, await this.kept.get(event, kind, variant, make));
  }
}

/** For app.module.ts. */
export const PRINT_CONTROLLERS = [PrintController];
export const PRINT_PROVIDERS = [PrintSheets, MapTiles, HeavyReadCache, EventReadGenerations, KeptEventReads];
