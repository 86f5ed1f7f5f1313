/*
 * The organiser's "stands per street" (docs/product.md#organiser-overview). Where the events service has
 * an online geocoder, each stand's street is looked up once per position in the background
 * (streets/street-lookups.ts) and the stands are counted per street. A stand whose street is not known
 * (no geocoder, not looked up yet, or no street at its point) falls into a grid cell of about 100 m,
 * named "Bereich 1", "Bereich 2", ... from north-west to south-east, as the offline gazetteer knows no
 * streets. Every area carries a point for the map: a cell's centre, the middle of a street's stands.
 */

/** Edge of a cell in metres. */
export const AREA_CELL_M = 100;

const METRES_PER_DEGREE_LATITUDE = 111_320;

export interface AreaStand {
  latitude: number;
  longitude: number;
  status: 'approved' | 'pending';
  /** The street named for the stand's position; null or absent: not known. */
  street?: string | null;
}

export interface StandAreaCount {
  name: string;
  kind: 'street' | 'cell';
  latitude: number;
  longitude: number;
  approved: number;
  pending: number;
}

/**
 * Counts the stands per street, and those without a known street per cell of about 100 m × 100 m;
 * the thinnest area first (fewest stands, then fewest approved), since thin streets are what the
 * organiser acts on. `referenceLatitude` (the event's) fixes the cells' width in degrees of
 * longitude, so the grid does not move as stands come and go.
 */
export function standAreas(stands: readonly AreaStand[], referenceLatitude: number): StandAreaCount[] {
  const named = stands.filter((s) => s.street);
  const unnamed = stands.filter((s) => !s.street);
  const areas = [...streetAreas(named), ...cellAreas(unnamed, referenceLatitude)];
  const collator = new Intl.Collator('de', { numeric: true });
  return areas.sort((a, b) => a.approved + a.pending - (b.approved + b.pending) || a.approved - b.approved || collator.compare(a.name, b.name));
}

function streetAreas(stands: readonly AreaStand[]): StandAreaCount[] {
  const streets = new Map<string, { lat: number; lng: number; approved: number; pending: number }>();
  for (const s of stands) {
    const street = streets.get(s.street!) ?? { lat: 0, lng: 0, approved: 0, pending: 0 };
    street.lat += s.latitude;
    street.lng += s.longitude;
    street[s.status] += 1;
    streets.set(s.street!, street);
  }
  return [...streets].map(([name, s]) => {
    const count = s.approved + s.pending;
    return { name, kind: 'street', latitude: round6(s.lat / count), longitude: round6(s.lng / count), approved: s.approved, pending: s.pending };
  });
}

function cellAreas(stands: readonly AreaStand[], referenceLatitude: number): StandAreaCount[] {
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
  // Named in reading order on a map: north first (a higher row), then west first.
  const ordered = [...cells.values()].sort((a, b) => b.row - a.row || a.col - b.col);
  return ordered.map((c, i) => ({
    name: `Bereich ${i + 1}`,
    kind: 'cell',
    latitude: round6((c.row + 0.5) * latStep),
    longitude: round6((c.col + 0.5) * lngStep),
    approved: c.approved,
    pending: c.pending,
  }));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
