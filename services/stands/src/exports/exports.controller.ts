import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { STAND_STATUSES } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { fileStem } from '../print/pdf-document.js';
import { PrintSheets } from '../print/print-sheet.js';
import { byStandNumber } from '../print/stand-order.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { standsExportDecision } from './export-access.js';
import { standsCsv } from './stands-csv.js';
import { standsGeoJson } from './stands-geojson.js';

/** Every registration the organiser manages: all but the withdrawn ones, which have left every list. */
const EXPORTED_STATUSES = STAND_STATUSES.filter((s) => s !== 'withdrawn');

/** An event's stands as files: CSV for the organiser (German Excel), GeoJSON of the public stands for anyone. */
@Controller('events/:id')
export class ExportsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
    private readonly sheets: PrintSheets,
  ) {}

  /** 401 signed out, 404 unknown event, 403 neither organiser nor admin. */
  @Get('stands.csv')
  async csv(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Res() res: Response): Promise<void> {
    const event = await this.loader.knownEvent(id);
    enforce(standsExportDecision(caller, event));
    const stands = (await this.presenter.many(await this.queries.ofEvent(event.id, EXPORTED_STATUSES), { caller })).sort(byStandNumber);
    const links = this.sheets.links();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileStem('staende', event.name)}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(standsCsv(stands, (standId) => links.stand(standId)));
  }

  @Get('stands.geojson')
  async geojson(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const { event, stands } = await this.sheets.publicStands(id);
    const links = this.sheets.links();
    res.setHeader('Content-Type', 'application/geo+json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileStem('staende', event.name)}.geojson"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(JSON.stringify(standsGeoJson(stands, (standId) => links.stand(standId))));
  }
}

/** For app.module.ts. */
export const EXPORT_CONTROLLERS = [ExportsController];
