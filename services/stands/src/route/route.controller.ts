import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ZRouteQuery, type TRouteAnswer } from '@flohmarkt/contracts';
import { isRoutePlanError, toGpx } from '@flohmarkt/route-planner';
import { fail } from '@flohmarkt/server-kit';
import { fileStem } from '../print/pdf-document.js';
import { PrintSheets } from '../print/print-sheet.js';
import { parseBody } from '../shared/input.js';
import { plannedRoute, pointsOf, routeInput } from './route-plan.js';
import { RouteDistances } from './route-distances.js';

/**
 * GET /api/events/{id}/route: "Meine Runde" on the server, the same planner as the web app, across the
 * event's public stands as everyone reads them (the stand list's read: approximate positions before the
 * event day, closed stands skipped on the day). JSON, or GPX 1.1 with `format=gpx`.
 */
@Controller('events/:id')
export class RouteController {
  constructor(
    private readonly sheets: PrintSheets,
    private readonly distances: RouteDistances,
  ) {}

  /** 404 unknown event → 400 (query, more than 150 stops, a stand that is not public here) → 200. */
  @Get('route')
  async route(@Param('id') id: string, @Query() rawQuery: unknown, @Res({ passthrough: true }) res: Response): Promise<TRouteAnswer | string> {
    const { event, stands } = await this.sheets.publicStands(id);
    const query = parseBody(ZRouteQuery, rawQuery);
    const input = routeInput(query, stands);
    try {
      const distance = await this.distances.streetDistances(pointsOf(input, query), query.mode);
      const answer = plannedRoute(input, query, distance);
      // Positions change with edits and live states: never from a shared cache.
      res.setHeader('Cache-Control', 'no-store');
      if (query.format === 'json') return answer;
      const links = this.sheets.links();
      res.setHeader('Content-Type', 'application/gpx+xml; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileStem('runde', event.name)}.gpx"`);
      return toGpx({
        name: `Meine Runde – ${event.name}`,
        stops: answer.order.map((standId) => {
          const stand = input.byId.get(standId)!;
          return { id: standId, lat: Number(stand.latitude), lng: Number(stand.longitude), standNumber: stand.standNumber, categories: stand.categories };
        }),
        start: 'stopId' in input.start ? null : input.start,
        loop: query.loop,
        linkFor: (standId) => links.stand(standId),
      });
    } catch (error) {
      if (isRoutePlanError(error) && error.code !== 'INVALID_DISTANCE') throw fail.invalid(error.message);
      throw error;
    }
  }
}
