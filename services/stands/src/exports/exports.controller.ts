import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { GET_EVENT_STANDS_CSV, GET_EVENT_STANDS_GEOJSON, STAND_STATUSES } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { fileAnswer, sendCached } from '../print/heavy-read-cache.js';
import { KeptEventReads } from '../print/kept-event-reads.js';
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

/**
 * An event's stands as files: CSV for the organiser (German Excel), GeoJSON of the public stands for
 * anyone. Each is made once per change of the event's data and kept (print/heavy-read-cache.ts); the
 * CSV's permission is checked on every call, before anything kept is looked at.
 */
@Controller()
export class ExportsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
    private readonly sheets: PrintSheets,
    private readonly kept: KeptEventReads,
  ) {}

  /** 401 signed out, 404 unknown event, 403 neither organiser nor admin. */
  @PublicRoute(GET_EVENT_STANDS_CSV)
  async csv(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Res() res: Response): Promise<void> {
    const event = await this.loader.knownEvent(id);
    enforce(standsExportDecision(caller, event));
    const answer = await this.kept.get(event, 'stands-csv', '', async () => {
      const current = await this.loader.knownEvent(id);
      // Every caller allowed here reads as a manager of the event: one file serves them all.
      const stands = (await this.presenter.forManager(await this.queries.ofEvent(current.id, EXPORTED_STATUSES), { caller })).sort(byStandNumber);
      const links = this.sheets.links();
      const csv = standsCsv(stands, (standId) => links.stand(standId));
      // Names and registrations of one organiser's event: never in a shared or the browser's cache.
      const file = fileAnswer(csv, 'text/csv; charset=utf-8', `attachment; filename="${fileStem('staende', current.name)}.csv"`, 'private, no-store');
      return { file, keep: true };
    });
    sendCached(res, answer);
  }

  @PublicRoute(GET_EVENT_STANDS_GEOJSON)
  async geojson(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const event = await this.loader.knownEvent(id);
    const answer = await this.kept.get(event, 'stands-geojson', '', async () => {
      const { event: current, stands } = await this.sheets.publicStands(id);
      const links = this.sheets.links();
      const geoJson = JSON.stringify(standsGeoJson(stands, (standId) => links.stand(standId)));
      return {
        file: fileAnswer(geoJson, 'application/geo+json; charset=utf-8', `attachment; filename="${fileStem('staende', current.name)}.geojson"`),
        keep: true,
      };
    });
    sendCached(res, answer);
  }
}

/** For app.module.ts. */
export const EXPORT_CONTROLLERS = [ExportsController];
