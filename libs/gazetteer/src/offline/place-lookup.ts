import { nearestTo, type LatLng } from '../geo/distance.js';
import type { PlaceEntry } from './entries.js';

/** Grid cells of a quarter degree (about 28 km north–south, 17 km east–west in Germany). */
const CELL_DEG = 0.25;
/** A wider search than this many cells scans the list instead (a rare caller's large radius). */
const MAX_CELLS = 400;

/**
 * The places near a point without scanning all of them: the street index asks for the town of every
 * event's point (indexing 100,000 events took a millisecond each by scanning, minutes in all).
 */
export class PlaceGrid {
  private readonly cells = new Map<string, PlaceEntry[]>();

  constructor(private readonly places: readonly PlaceEntry[]) {
    for (const place of places) {
      const key = PlaceGrid.key(Math.floor(place.lat / CELL_DEG), Math.floor(place.lng / CELL_DEG));
      const cell = this.cells.get(key);
      if (cell) cell.push(place);
      else this.cells.set(key, [place]);
    }
  }

  private static key(row: number, col: number): string {
    return `${row}:${col}`;
  }

  /** Every place within km of the point (and some a little further: callers check the distance). */
  *near(point: LatLng, km: number): Iterable<PlaceEntry> {
    const dLat = km / 110.574;
    const dLng = km / (111.32 * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
    const rows = [Math.floor((point.lat - dLat) / CELL_DEG), Math.floor((point.lat + dLat) / CELL_DEG)] as const;
    const cols = [Math.floor((point.lng - dLng) / CELL_DEG), Math.floor((point.lng + dLng) / CELL_DEG)] as const;
    if ((rows[1] - rows[0] + 1) * (cols[1] - cols[0] + 1) > MAX_CELLS) {
      yield* this.places;
      return;
    }
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (let col = cols[0]; col <= cols[1]; col++) yield* this.cells.get(PlaceGrid.key(row, col)) ?? [];
    }
  }

  /** The nearest place within maxKm that passes the filter, or null. */
  nearest(point: LatLng, maxKm: number, accept: (place: PlaceEntry) => boolean): PlaceEntry | null {
    return nearestTo(point, this.near(point, maxKm), maxKm, accept)?.place ?? null;
  }
}

/** Places by their exact keys (whole name and name without qualifier, both folds): a lookup instead of a scan. */
export class PlaceNames {
  private readonly strict = new Map<string, PlaceEntry[]>();
  private readonly loose = new Map<string, PlaceEntry[]>();

  constructor(places: readonly PlaceEntry[]) {
    for (const place of places) {
      for (const key of new Set([place.key, place.base])) PlaceNames.add(this.strict, key, place);
      for (const key of new Set([place.looseKey, place.looseBase])) PlaceNames.add(this.loose, key, place);
    }
  }

  private static add(map: Map<string, PlaceEntry[]>, key: string, place: PlaceEntry): void {
    const list = map.get(key);
    if (list) list.push(place);
    else map.set(key, [place]);
  }

  /** The places whose name or base equals the strict key, or the loose one. */
  named(strict: string, loose: string): PlaceEntry[] {
    return [...new Set([...(this.strict.get(strict) ?? []), ...(this.loose.get(loose) ?? [])])];
  }

  /** The places whose whole name (strict key) is this one. */
  withKey(strict: string): PlaceEntry[] {
    return (this.strict.get(strict) ?? []).filter((place) => place.key === strict);
  }
}
