import { Body, Controller, HttpCode, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import {
  API_ERRORS,
  CANCEL_EVENT,
  COPY_EVENT,
  CREATE_EVENT,
  DELETE_EVENT,
  GET_EVENT,
  GET_EVENT_VIEWPORT,
  LIST_EVENTS,
  UPDATE_EVENT,
  haversineKm,
  type TEvent,
  type TEventViewport,
} from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, parseCallQuery, pathId, type CallerContext } from '@flohmarkt/server-kit';
import { EventSearch } from '../search/event-search.js';
import { EventViewportSearch, asksForEvents } from '../viewport/event-viewport-search.js';
import { EventViewportMarkers } from '../viewport/viewport-markers.js';
import { InjectEventReads } from '../read-database.js';
import { toEvent } from './event-view.js';
import { EventsService } from './events.service.js';

/** The public event calls (docs/product.md#events), routed by their declarations in libs/contracts/src/public-api/events.ts. */
@Controller()
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly search: EventSearch,
    @InjectEventReads() reads: DataSource,
  ) {
    this.viewport = new EventViewportSearch(reads);
    this.markers = new EventViewportMarkers(reads);
  }

  private readonly viewport: EventViewportSearch;
  private readonly markers: EventViewportMarkers;

  /**
   * Sorted by start, at most 500 per call, the number of all matching events in X-Total-Count;
   * every event carries its approved-stand count from the read model on its row (no call to
   * stands: the list answers while stands is down, its counts lagging at most until it is back).
   */
  @PublicRoute(LIST_EVENTS)
  async list(@Query() raw: unknown, @Res({ passthrough: true }) res: Response): Promise<TEvent[]> {
    const query = parseCallQuery(LIST_EVENTS, raw);
    const { events, total } = await this.search.find(query);
    res.setHeader('X-Total-Count', String(total));
    const { lat, lng } = query;
    if (query.sort !== 'distance' || lat === undefined || lng === undefined) return events.map((e) => toEvent(e, e.approvedStands));
    // The distance the list was ordered by (the same haversine), to the metre.
    return events.map((e) => ({
      ...toEvent(e, e.approvedStands),
      distanceKm: Math.round(haversineKm({ lat, lng }, { lat: Number(e.latitude), lng: Number(e.longitude) }) * 1000) / 1000,
    }));
  }

  /**
   * The landing map's box: counted totals, and the events as markers when zoomed in to few of them,
   * else the clusters counted on the map's grid (docs/adr/0013-viewport-clusters.md).
   */
  @PublicRoute(GET_EVENT_VIEWPORT)
  async inView(@Query() raw: unknown): Promise<TEventViewport> {
    const query = parseCallQuery(GET_EVENT_VIEWPORT, raw);
    const few = asksForEvents(query.zoom) ? await this.markers.fewInView(query) : null;
    if (few) return { total: few.total, inView: few.markers.length, clustered: false, clusters: [], events: few.markers };
    const counts = await this.viewport.counts(query);
    return { total: counts.total, inView: counts.inView, clustered: true, clusters: counts.clusters, events: [] };
  }

  @PublicRoute(GET_EVENT)
  async one(@Param('id') id: string): Promise<TEvent> {
    const event = await this.events.get(pathId(id, API_ERRORS.eventNotFound));
    return toEvent(event, event.approvedStands);
  }

  /** 201 with the new event; it has no stands yet. */
  @PublicRoute(CREATE_EVENT)
  @Idempotent()
  async create(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TEvent> {
    return toEvent(await this.events.create(caller, body), 0);
  }

  /** 200 with the event as stored (without standCount: the edit did not touch stands); `scope=following` edits the later dates of its series too. */
  @PublicRoute(UPDATE_EVENT)
  async update(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Query() raw: unknown, @Body() body: unknown): Promise<TEvent> {
    return toEvent(await this.events.update(caller, pathId(id, API_ERRORS.eventNotFound), body, raw));
  }

  /** 201 with the new market ("Kopieren"); it has no stands. */
  @PublicRoute(COPY_EVENT)
  @Idempotent()
  async copy(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Body() body: unknown): Promise<TEvent> {
    return toEvent(await this.events.copy(caller, pathId(id, API_ERRORS.eventNotFound), body), 0);
  }

  /** 200 with the cancelled event, also when it was cancelled before (nothing changes then). */
  @PublicRoute(CANCEL_EVENT)
  async cancel(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Body() body: unknown): Promise<TEvent> {
    const event = await this.events.cancel(caller, pathId(id, API_ERRORS.eventNotFound), body);
    return toEvent(event, event.approvedStands);
  }

  /** 204 without a body: the client refreshes its lists itself. */
  @PublicRoute(DELETE_EVENT)
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<void> {
    await this.events.remove(caller, pathId(id, API_ERRORS.eventNotFound));
  }
}
