import { Controller, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { GET_EVENT_ROUTE, type TRouteQuery } from '@flohmarkt/contracts';
import { ROUTE_MESSAGES, toGpx } from '@flohmarkt/route-planner';
import { PublicRoute, fail, parseCallQuery } from '@flohmarkt/server-kit';
import { fileAnswer, sendCached, type MadeFile } from '../print/heavy-read-cache.js';
import { KeptEventReads } from '../print/kept-event-reads.js';
import { fileStem } from '../print/pdf-document.js';
import { PrintSheets } from '../print/print-sheet.js';
import { normalizedQuery, plannedTrack, pointsOf, routeAnswer, routeInput, routeRequest, routeVariant, withStreetTrack } from './route-plan.js';
import { RouteDistances } from './route-distances.js';
import { RouteStands } from './route-stands.js';
import { PlannerBusyError, RouteWorkerPool } from './route-worker-pool.js';

/** When a caller refused for a full planner queue may try again: a few plans later. */
const BUSY_RETRY_AFTER_S = 2;

/**
 * GET /api/events/{id}/route: "Meine Runde" on the server, the same planner as the web app, across the
 * event's public stands as everyone reads them (the stand list's read: approximate positions before the
 * event day, closed stands skipped on the day). JSON, or GPX 1.1 with `format=gpx`. With a routing
 * server (ROUTING_URL) it plans on street distances and draws the round along its paths.
 *
 * Planned on the worker pool (route-worker-pool.ts), never on the event loop; an answer is kept per
 * event read generation and normalized query (the same stands in any order, start, mode, loop,
 * format), so asking again costs one small query until the event's stands change.
 */
@Controller()
export class RouteController {
  constructor(
    private readonly sheets: PrintSheets,
    private readonly distances: RouteDistances,
    private readonly pool: RouteWorkerPool,
    private readonly stands: RouteStands,
    private readonly kept: KeptEventReads,
  ) {}

  /** 404 unknown event → 400 (query, more than 150 stops, a stand that is not public here) → 200; 503 while the planner is full. */
  @PublicRoute(GET_EVENT_ROUTE)
  async route(@Param('id') id: string, @Query() rawQuery: unknown, @Res() res: Response): Promise<void> {
    const event = await this.sheets.knownEvent(id);
    const query = normalizedQuery(parseCallQuery(GET_EVENT_ROUTE, rawQuery));
    try {
      sendCached(res, await this.kept.get(event, 'route', routeVariant(query), (generation) => this.plan(id, event.id, generation, query)));
    } catch (error) {
      if (!(error instanceof PlannerBusyError)) throw error;
      res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_S));
      throw fail.unavailable(ROUTE_MESSAGES.busy);
    }
  }

  private async plan(id: string, eventId: string, generation: string, query: TRouteQuery): Promise<MadeFile> {
    // Refused before the stands are read: a caller turned away costs the event loop next to nothing.
    if (this.pool.saturated) throw new PlannerBusyError('route planner full');
    const { event, stands } = await this.stands.of(id, eventId, generation);
    const input = routeInput(query, stands);
    const table = await this.distances.streetDistances(pointsOf(input, query), query.mode);
    const planned = routeAnswer(input, query, await this.pool.plan(routeRequest(input, query, table)), table !== null);
    // Drawn along the streets only where the server gave the distances too: one server, one way.
    const path = table !== null ? await this.distances.streetPath(plannedTrack(input, query, planned.order), query.mode) : null;
    const answer = withStreetTrack(planned, path);
    // Straight lines only because the routing server failed just now: sent, not kept.
    const keep = (table !== null && path !== null) || !this.distances.configured;
    // Positions change with edits and live states: never from a shared cache.
    if (query.format === 'json') {
      return {
        file: { body: Buffer.from(JSON.stringify(answer)), headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } },
        keep,
      };
    }
    const links = this.sheets.links();
    const gpx = toGpx({
      name: `Meine Runde – ${event.name}`,
      stops: answer.order.map((standId) => {
        const stand = input.byId.get(standId)!;
        return { id: standId, lat: Number(stand.latitude), lng: Number(stand.longitude), label: stand.label, categories: stand.categories };
      }),
      start: 'stopId' in input.start ? null : input.start,
      loop: query.loop,
      path: answer.track?.coordinates.map(([lng, lat]) => ({ lat, lng })),
      linkFor: (standId) => links.stand(standId),
    });
    return { file: fileAnswer(gpx, 'application/gpx+xml; charset=utf-8', `attachment; filename="${fileStem('runde', event.name)}.gpx"`), keep };
  }
}

/** For app.module.ts. */
export const ROUTE_PROVIDERS = [RouteDistances, RouteWorkerPool, RouteStands];
