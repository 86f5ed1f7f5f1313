import type { TBbox } from '@flohmarkt/contracts';
import { VIEWPORT } from '@flohmarkt/contracts';

/**
 * The web map's grid in JavaScript, the twin of the SQL functions event_map_x/event_map_y of
 * migration EventMapCells: at `level`, 4·2^level Mercator cells of 64 screen pixels go round the
 * world; row 0 is the northernmost. The first and last rows reach the poles (Mercator stops at
 * ±85.05°, and SQL puts anything beyond into them).
 */
const MERCATOR_MAX_LAT = 85.0511287798;
/** Levels kept in event_map_cells; a view of another level adds up the next finer one. */
export const STORED_LEVELS = [2, 4, 6, 8, 10] as const;
export const FINEST_STORED_LEVEL = 10;

const cellsAround = (level: number) => 4 * 2 ** level;

/** Mercator position of a latitude from 0 (north edge) to 1 (south edge). */
function mercatorFraction(lat: number): number {
  const c = (Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(c) + 1 / Math.cos(c)) / Math.PI) / 2;
}

const clampCell = (value: number, level: number) => Math.min(Math.max(Math.floor(value), 0), cellsAround(level) - 1);
export const cellX = (lng: number, level: number) => clampCell(((lng + 180) / 360) * cellsAround(level), level);
export const cellY = (lat: number, level: number) => clampCell(mercatorFraction(lat) * cellsAround(level), level);

/** An inclusive range of cells at one level. */
export interface TCellRange {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The cells lying wholly inside the box (edges included), or null when there are none: every
 * event SQL places in one of them lies in the box.
 */
export function cellsInside(box: TBbox, level: number): TCellRange | null {
  const n = cellsAround(level);
  const x0 = Math.ceil(((box.minLng + 180) / 360) * n);
  const x1 = box.maxLng >= 180 ? n - 1 : Math.floor(((box.maxLng + 180) / 360) * n) - 1;
  // The first and last rows hold everything up to the poles: inside only if the box reaches them.
  const y0 = box.maxLat >= 90 ? 0 : Math.max(1, Math.ceil(mercatorFraction(box.maxLat) * n));
  const y1 = box.minLat <= -90 ? n - 1 : Math.min(n - 2, Math.floor(mercatorFraction(box.minLat) * n) - 1);
  return x0 <= x1 && y0 <= y1 ? { level, x0, x1, y0, y1 } : null;
}

/** The cells the box touches. */
export function cellsTouched(box: TBbox, level: number): TCellRange {
  return { level, x0: cellX(box.minLng, level), x1: cellX(box.maxLng, level), y0: cellY(box.maxLat, level), y1: cellY(box.minLat, level) };
}

/** West, east, north and south edges of a cell range in degrees. */
export function rangeBounds(r: TCellRange): { west: number; east: number; north: number; south: number } {
  const n = cellsAround(r.level);
  const lat = (y: number) => (y <= 0 ? 90 : y >= n ? -90 : (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI);
  return { west: (r.x0 / n) * 360 - 180, east: ((r.x1 + 1) / n) * 360 - 180, north: lat(r.y0), south: lat(r.y1 + 1) };
}

/**
 * The cells of `outer` that the coarser range `inner` (whose cells hold four or sixteen of them
 * each) does not cover, as up to four rectangles: north and south across the whole width, west
 * and east between them.
 */
export function ring(outer: TCellRange, inner: TCellRange): TCellRange[] {
  const k = outer.level - inner.level;
  const ix0 = inner.x0 << k;
  const ix1 = ((inner.x1 + 1) << k) - 1;
  const iy0 = inner.y0 << k;
  const iy1 = ((inner.y1 + 1) << k) - 1;
  const level = outer.level;
  const parts: TCellRange[] = [
    { level, x0: outer.x0, x1: outer.x1, y0: outer.y0, y1: iy0 - 1 },
    { level, x0: outer.x0, x1: outer.x1, y0: iy1 + 1, y1: outer.y1 },
    { level, x0: outer.x0, x1: ix0 - 1, y0: iy0, y1: iy1 },
    { level, x0: ix1 + 1, x1: outer.x1, y0: iy0, y1: iy1 },
  ];
  return parts.filter((r) => r.x0 <= r.x1 && r.y0 <= r.y1);
}

/**
 * The level of the clusters: the map's zoom (cells of 64 pixels on its screen), coarser when the
 * box would hold more than VIEWPORT.maxCellsPerSide cells on a side (a huge box at a high zoom),
 * so the answer never has more than about 64 x 64 clusters.
 */
export function clusterLevel(box: TBbox, zoom: number): number {
  let level = zoom;
  while (level > 0) {
    const r = cellsTouched(box, level);
    if (r.x1 - r.x0 < VIEWPORT.maxCellsPerSide && r.y1 - r.y0 < VIEWPORT.maxCellsPerSide) break;
    level--;
  }
  return level;
}

/** The end-day rows of event_map_cells that make up "ends on day `today` or later" (days since 1970). */
export function endDaySpans(today: number): { days: number[]; sixteens: number[]; firstOf256: number } {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  const sixteen = Math.ceil(today / 16);
  const twoFiftySix = Math.ceil(today / 256);
  return { days: range(today, sixteen * 16), sixteens: range(sixteen, twoFiftySix * 16), firstOf256: twoFiftySix };
}

/** A Berlin calendar day 'YYYY-MM-DD' as days since 1970-01-01 (as event_map_day counts). */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}
