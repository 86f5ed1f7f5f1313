import { VIEWPORT, type TEventCluster } from '@flohmarkt/contracts';
import type { DataSource } from 'typeorm';
import { FINEST_STORED_LEVEL, STORED_LEVELS, cellsInside, cellsTouched, clusterLevel, ring, type TCellRange } from './map-grid.js';
import { Params, endDayRows, eventDates, inBox, inCells, totalOf, type TViewportFilter } from './viewport-sql.js';

export type { TViewportFilter } from './viewport-sql.js';

/** One grid cell of the answer as SQL adds it up: count, coordinate sums and extent. */
interface TCellSum {
  dx: number;
  dy: number;
  n: number;
  sum_lat: number;
  sum_lng: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}

export interface TViewportCounts {
  total: number;
  inView: number;
  clusters: TEventCluster[];
}

/** Zoomed in, up to this many events in view are added up on the zoom's own grid (a few milliseconds). */
const MAX_DIRECT_EVENTS = 5000;

/**
 * Counts and clusters of GET /events/viewport, in one statement (docs/adr/0013-viewport-clusters.md).
 * Zoomed out, the box is split into the map cells wholly inside it, read from event_map_cells at
 * the coarsest stored level that fits and finer levels towards the edges, plus the events of the
 * thin rim that no whole cell of the finest level covers, read from the events themselves. Every
 * event in the box is counted exactly once, so `inView` is exact. Zoomed in (level 11 and more),
 * or for one day (`date`: a day's events are few), the events in the box are added up directly.
 */
export class EventViewportSearch {
  constructor(
    private readonly dataSource: DataSource,
    /** Tests lower it to reach the crowded case with a few thousand events. */
    private readonly maxDirectEvents = MAX_DIRECT_EVENTS,
  ) {}

  async counts(query: TViewportFilter, now: Date = new Date()): Promise<TViewportCounts> {
    const level = clusterLevel(query.bbox, query.zoom);
    if (query.date) return this.read(query, level, now, (p) => [this.direct(query, level, p, now)]);
    if (level <= FINEST_STORED_LEVEL) return this.read(query, level, now, (p) => this.fromCells(query, level, p, now));
    // Zoomed in: first the exact count from the finest stored cells (cheap). Few events are then
    // added up directly on the zoom's own grid; a crowd (a big city with a million events in the
    // country) keeps the clusters of the finest stored level, coarser than the zoom's but as
    // cheap as any zoomed-out view, instead of reading tens of thousands of events on every pan.
    const stored = await this.read(query, FINEST_STORED_LEVEL, now, (p) => this.fromCells(query, FINEST_STORED_LEVEL, p, now));
    if (stored.inView > this.maxDirectEvents || stored.inView <= VIEWPORT.maxEvents) return stored;
    return this.read(query, level, now, (p) => [this.direct(query, level, p, now)]);
  }

  /** One statement: the total and the cells of the answer from the parts `partsOf` writes. */
  private async read(query: TViewportFilter, level: number, now: Date, partsOf: (p: Params) => string[]): Promise<TViewportCounts> {
    const p = new Params();
    const parts = partsOf(p);
    const sql = `SELECT ${totalOf(query, p, now)} AS total, coalesce((SELECT json_agg(c) FROM (
        SELECT dx, dy, sum(n)::int AS n, sum(sum_lat) AS sum_lat, sum(sum_lng) AS sum_lng,
          min(min_lat) AS min_lat, max(max_lat) AS max_lat, min(min_lng) AS min_lng, max(max_lng) AS max_lng
        FROM (${parts.join('\nUNION ALL\n')}) parts GROUP BY dx, dy) c), '[]') AS cells`;
    const [row] = (await this.dataSource.query(sql, p.values)) as Array<{ total: number; cells: TCellSum[] }>;
    const cells = row?.cells ?? [];
    const clusters = cells
      .map((c) => ({
        lat: c.sum_lat / c.n,
        lng: c.sum_lng / c.n,
        count: c.n,
        // Within the box: an extent kept in event_map_cells may be wider than the part in view.
        bbox: [
          Math.max(c.min_lng, query.bbox.minLng),
          Math.max(c.min_lat, query.bbox.minLat),
          Math.min(c.max_lng, query.bbox.maxLng),
          Math.min(c.max_lat, query.bbox.maxLat),
        ] as TEventCluster['bbox'],
      }))
      .sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
    return { total: row?.total ?? 0, inView: clusters.reduce((sum, c) => sum + c.count, 0), clusters };
  }

  /** The stored rows of the box's whole cells, level by level, and the events of the rim. */
  private fromCells(query: TViewportFilter, level: number, p: Params, now: Date): string[] {
    const parts: string[] = [];
    // Written on first use: a parameter added for a statement that never names it (a box smaller than
    // any stored cell) leaves PostgreSQL unable to type it, and the whole read fails.
    let endDays: string | undefined;
    let inner: TCellRange | null = null;
    // The coarsest stored level at or below the answer's cells first, then finer ones towards the rim.
    for (const stored of STORED_LEVELS.filter((l) => l >= level)) {
      const range = cellsInside(query.bbox, stored);
      if (!range) continue;
      const shift = stored - level;
      // Each rectangle as plain ranges, so that an index finds it (a NOT would be read and thrown away).
      for (const r of inner ? ring(range, inner) : [range]) {
        endDays ??= endDayRows(query, p, now);
        const where = [`level = ${p.add(stored)}`, endDays, `cx BETWEEN ${p.add(r.x0)} AND ${p.add(r.x1)}`, `cy BETWEEN ${p.add(r.y0)} AND ${p.add(r.y1)}`];
        parts.push(`SELECT cx >> ${shift} AS dx, cy >> ${shift} AS dy, n, sum_lat, sum_lng, min_lat, max_lat, min_lng, max_lng
          FROM event_map_cells WHERE ${where.join(' AND ')}`);
      }
      inner = range;
    }
    parts.push(...this.rim(query, level, inner, p, now));
    return parts;
  }

  /** The events in the box outside the finest whole cells (all of the box when there are none). */
  private rim(query: TViewportFilter, level: number, inner: TCellRange | null, p: Params, now: Date): string[] {
    const touched = cellsTouched(query.bbox, FINEST_STORED_LEVEL);
    return (inner ? ring(touched, inner) : [touched]).map((cells) => this.direct(query, level, p, now, cells));
  }

  /** The events in the box (within `cells` of level 10, read per cell column), added up per cell of the answer. */
  private direct(query: TViewportFilter, level: number, p: Params, now: Date, cells: TCellRange = cellsTouched(query.bbox, FINEST_STORED_LEVEL)): string {
    const conditions = [inBox('e', query.bbox, p), eventDates('e', query, p, now), ...inCells('e', cells, p)];
    return this.grouped(level, conditions, p);
  }

  private grouped(level: number, conditions: string[], p: Params): string {
    const l = p.add(level);
    return `SELECT event_map_x(e.longitude::float8, ${l}) AS dx, event_map_y(e.latitude::float8, ${l}) AS dy, count(*)::int AS n,
        sum(e.latitude::float8) AS sum_lat, sum(e.longitude::float8) AS sum_lng, min(e.latitude::float8) AS min_lat,
        max(e.latitude::float8) AS max_lat, min(e.longitude::float8) AS min_lng, max(e.longitude::float8) AS max_lng
      FROM events e WHERE ${conditions.filter(Boolean).join(' AND ')} GROUP BY 1, 2`;
  }
}

/** Whether the view may list its events instead of clusters (when at most VIEWPORT.maxEvents are in view). */
export function asksForEvents(zoom: number): boolean {
  return zoom >= VIEWPORT.eventsMinZoom;
}
