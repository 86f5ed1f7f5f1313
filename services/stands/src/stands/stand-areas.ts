/*
 * The organiser's "stands per street", kept local (docs/product.md#organiser-overview): the
 * offline gazetteer knows places and postcodes but no streets, and a reverse-geocoding call per
 * cell to the events service would make the overview depend on it (and on an online geocoder).
 * So stands are grouped in grid cells of about 100 m, named "Bereich 1", "Bereich 2", ... from
 * north-west to south-east, each with its centre for the map.
 */

/** Edge of a cell in metres. */
export const AREA_CELL_M = 100;

const METRES_PER_DEGREE_LATITUDE = 111_320;

export interface AreaStand {
  latitude: number;
  longitude: number;
  status: 'approved' | 'pending';
}

export interface StandAreaCount {
  name: string;
  latitude: number;
  longitude: number;
  approved: number;
  pending: number;
}

/**
 * Groups the stands in cells of about 100 m × 100 m. `referenceLatitude` (the event's) fixes the
 * cells' width in degrees of longitude, so the grid does not move as stands come and go.
 */
export function standAreas(stands: readonly AreaStand[], referenceLatitude: number): StandAreaCount[] {
  const latStep = AREA_CELL_M / METRES_PER_DEGREE_LATITUDE;
  const lngStep = latStep / Math.max(Math.cos((referenceLatitude * Math.PI) / 180), 0.01);
  const cells = new Map<string, { row: number; col: number; approved: number; pending: number }>();
  for (const s of stands) {
    const row = Math.floor(s.latitude / latStep);
    const col = Math.floor(s.longitude / lngStep);
    const key = `${row}:${col}`;
    const cell = cells.get(key) ?? { row, col, approved: 0, pending: 0 };
    cell[s.status] += 1;
    cells.set(key, cell);
  }
  // North first (a higher row), then west first: reading order on a map.
  const ordered = [...cells.values()].sort((a, b) => b.row - a.row || a.col - b.col);
  return ordered.map((c, i) => ({
    name: `Bereich ${i + 1}`,
    latitude: round6((c.row + 0.5) * latStep),
    longitude: round6((c.col + 0.5) * lngStep),
    approved: c.approved,
    pending: c.pending,
  }));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
