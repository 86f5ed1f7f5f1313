import { berlinDay, berlinDayBounds, startOfBerlinToday, type TBbox } from '@flohmarkt/contracts';
import { dayNumber, endDaySpans, type TCellRange } from './map-grid.js';

/** What the viewport's reads depend on: the parsed query (TEventViewportQuery) or any object of its fields. */
export interface TViewportFilter {
  bbox: TBbox;
  zoom: number;
  upcoming?: boolean | undefined;
  date?: string | undefined;
}

/** Above this many cell columns, a list of them costs more than it saves. */
const MAX_CELL_COLUMNS = 1000;

/** Positional parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function inBox(a: string, box: TBbox, p: Params): string {
  return `${a}.latitude BETWEEN ${p.add(box.minLat)} AND ${p.add(box.maxLat)} AND ${a}.longitude BETWEEN ${p.add(box.minLng)} AND ${p.add(box.maxLng)}`;
}

/** The list's date filters on event rows (as GET /events applies them); 'true' without any. */
export function eventDates(a: string, query: Pick<TViewportFilter, 'upcoming' | 'date'>, p: Params, now: Date): string {
  const conditions = ['true'];
  if (query.upcoming) conditions.push(`${a}.end_date_time >= ${p.add(startOfBerlinToday(now))}`);
  if (query.date) {
    const day = berlinDayBounds(query.date);
    conditions.push(`${a}.start_date_time >= ${p.add(day.start)} AND ${a}.start_date_time < ${p.add(day.end)}`);
  }
  return conditions.join(' AND ');
}

/**
 * "The event lies in these level-10 cells", on the index of each event's level-10 cell (migration
 * EventMapCellOfEvent), whose expressions these must stay character for character. Read column by
 * column, `x = ANY(columns) AND y BETWEEN first AND last row`, so each column is one range of the
 * index; a range of more than MAX_CELL_COLUMNS columns (a box of a quarter of the world) as plain
 * ranges on both, which the planner may also leave to the box's or the date's own index. Either way
 * the condition holds exactly the events of these cells: the rim of a zoomed-out view relies on it.
 */
export function inCells(a: string, cells: TCellRange, p: Params): string[] {
  const x = `event_map_x(${a}.longitude::float8, 10)`;
  const columns =
    cells.x1 - cells.x0 < MAX_CELL_COLUMNS
      ? `${x} = ANY(${p.add(Array.from({ length: cells.x1 - cells.x0 + 1 }, (_, i) => cells.x0 + i))}::int[])`
      : `${x} BETWEEN ${p.add(cells.x0)} AND ${p.add(cells.x1)}`;
  return [
    columns,
    `event_map_y(${a}.latitude::float8, 10) BETWEEN ${p.add(cells.y0)} AND ${p.add(cells.y1)}`,
    `${a}.latitude IS NOT NULL AND ${a}.longitude IS NOT NULL`,
  ];
}

/**
 * The events matching the date filters anywhere, coordinates or not: from event_map_cells' coarsest
 * rows, or for one day (`date`) counted directly (a day's events are few).
 */
export function totalOf(query: Pick<TViewportFilter, 'upcoming' | 'date'>, p: Params, now: Date): string {
  if (query.date) return `(SELECT count(*)::int FROM events e WHERE ${eventDates('e', query, p, now)})`;
  return `(SELECT coalesce(sum(n), 0)::int FROM event_map_cells WHERE level IN (-1, 2) AND ${endDayRows(query, p, now)})`;
}

/**
 * The rows of event_map_cells for the end-day filter: every event once, in its 256-day row, or
 * those ending today or later in their day, 16-day and 256-day rows (map-grid endDaySpans).
 */
export function endDayRows(query: Pick<TViewportFilter, 'upcoming'>, p: Params, now: Date): string {
  const buckets = (from: string) => `ARRAY(SELECT generate_series(${from}, (SELECT max(bucket) FROM event_map_cells WHERE level IN (-1, 2) AND span = 256)))`;
  if (!query.upcoming) {
    return `span = 256 AND bucket = ANY(${buckets(`(SELECT min(bucket) FROM event_map_cells WHERE level IN (-1, 2) AND span = 256)`)})`;
  }
  const spans = endDaySpans(dayNumber(berlinDay(now)));
  return `((span = 1 AND bucket = ANY(${p.add(spans.days)}::int[])) OR (span = 16 AND bucket = ANY(${p.add(spans.sixteens)}::int[]))
      OR (span = 256 AND bucket = ANY(${buckets(p.add(spans.firstOf256))})))`;
}
