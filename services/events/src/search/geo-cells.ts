import { haversineKm, type TLatLng } from '@flohmarkt/contracts';
import type { TRadiusBounds } from './radius-bounds.js';

/**
 * A coarse grid over the globe: cells of 1/10 degree (about 11 km north-south, 7 km east-west in
 * Germany). Every event with coordinates lies in exactly one cell, and the indexes
 * on (cell, start) and (cell, end, start) find the events of a few cells without reading the rest
 * of their latitude band, which the (latitude, longitude) btree cannot avoid.
 * docs/adr/0004-geo-search.md has the measurements.
 */
export const CELLS_PER_DEGREE = 10;

/**
 * The cell of a row, in SQL. It must stay the expression of the indexes of migration
 * EventGeoCellIndex character for character, or PostgreSQL does not use the index.
 * Rows without coordinates have no cell (NULL).
 */
export const GEO_CELL_SQL = (alias: string) =>
  `(floor(${alias}.latitude * ${CELLS_PER_DEGREE})::int * 10000 + floor(${alias}.longitude * ${CELLS_PER_DEGREE})::int)`;

/** The same cell number as GEO_CELL_SQL, for a point in JavaScript. */
export function geoCell(lat: number, lng: number): number {
  return Math.floor(lat * CELLS_PER_DEGREE) * 10000 + Math.floor(lng * CELLS_PER_DEGREE);
}

/**
 * Above this many cells (a radius beyond about 130 km in Germany) the cell list costs more than it
 * saves; such searches keep the bounding box alone. The 50 km landing search needs about 130.
 */
export const MAX_CELLS = 1000;

/**
 * Every cell that may hold a point within `radiusKm` of `center`, or null when there would be more
 * than MAX_CELLS. The cells of the bounding box are kept unless even their nearest corner or edge
 * is clearly beyond the radius; the exact distance test stays in SQL.
 */
export function cellsCovering(center: TLatLng, radiusKm: number, box: TRadiusBounds): number[] | null {
  const rows = range(box.minLat, box.maxLat);
  const columns = box.lngRanges.flatMap(([from, to]) => range(from, to));
  if (rows.length * columns.length > MAX_CELLS) return null;
  // Clamping the centre into a cell finds its nearest point on a flat map; on the sphere the
  // nearest point of a meridian edge lies a little poleward. The margin covers that difference,
  // which is well under a kilometre for any cell within a few hundred kilometres.
  const beyond = radiusKm * 1.01 + 1;
  const cells: number[] = [];
  for (const row of rows) {
    const lat = clamp(center.lat, row / CELLS_PER_DEGREE, (row + 1) / CELLS_PER_DEGREE);
    for (const column of columns) {
      const lng = nearestLongitude(center.lng, column / CELLS_PER_DEGREE, (column + 1) / CELLS_PER_DEGREE);
      if (haversineKm(center, { lat, lng }) <= beyond) cells.push(row * 10000 + column);
    }
  }
  return cells;
}

/** Cell numbers along one axis from `from` to `to` degrees. */
function range(from: number, to: number): number[] {
  const first = Math.floor(from * CELLS_PER_DEGREE);
  const last = Math.floor(to * CELLS_PER_DEGREE);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The longitude of [west, east] closest to `lng`, going either way round the globe. */
function nearestLongitude(lng: number, west: number, east: number): number {
  if (lng >= west && lng <= east) return lng;
  const gap = (to: number) => Math.abs(((((lng - to) % 360) + 540) % 360) - 180);
  return gap(west) <= gap(east) ? west : east;
}
