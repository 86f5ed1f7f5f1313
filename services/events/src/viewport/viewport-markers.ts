import { VIEWPORT, type TEventMarker } from '@flohmarkt/contracts';
import type { DataSource } from 'typeorm';
import { FINEST_STORED_LEVEL, cellsTouched } from './map-grid.js';
import { Params, eventDates, inBox, inCells, totalOf, type TViewportFilter } from './viewport-sql.js';

/** A zoomed-in view with few events: the total for the filters and every event in view as a marker. */
export interface TFewInView {
  total: number;
  markers: TEventMarker[];
}

/**
 * The events of a zoomed-in view as the landing map draws them (ZEventMarker), when there are at
 * most VIEWPORT.maxEvents; docs/adr/0013-viewport-clusters.md. One statement: the total, how many
 * are in view (counted on the index of each event's level-10 cell, per cell column, stopping at one
 * more than a list holds), and only when that fits a list the markers themselves, in start order
 * (then id), as JSON built by PostgreSQL from just the marker's columns. A crowd costs one short
 * index read before its clusters are counted; a few events cost no cluster count at all.
 */
export class EventViewportMarkers {
  constructor(private readonly dataSource: DataSource) {}

  /** null when more than VIEWPORT.maxEvents are in view (the answer is clusters then). */
  async fewInView(query: TViewportFilter, now: Date = new Date()): Promise<TFewInView | null> {
    const p = new Params();
    const inView = [inBox('e', query.bbox, p), eventDates('e', query, p, now), ...inCells('e', cellsTouched(query.bbox, FINEST_STORED_LEVEL), p)].join(' AND ');
    const max = VIEWPORT.maxEvents;
    // The markers' subquery runs only when the CASE asks for it (PostgreSQL evaluates an InitPlan on first use).
    const sql = `WITH counted AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM events e WHERE ${inView} LIMIT ${max} + 1) few)
      SELECT ${totalOf(query, p, now)} AS total, CASE WHEN (SELECT n FROM counted) <= ${max} THEN (
        SELECT coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'location', e.location,
          'latitude', e.latitude::text, 'longitude', e.longitude::text,
          'startDateTime', to_char(e.start_date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'status', e.status)
          ORDER BY e.start_date_time, e.id), '[]')
        FROM events e WHERE ${inView}) END AS markers`;
    const [row] = (await this.dataSource.query(sql, p.values)) as Array<{ total: number; markers: TEventMarker[] | null }>;
    return row?.markers ? { total: row.total, markers: row.markers } : null;
  }
}
