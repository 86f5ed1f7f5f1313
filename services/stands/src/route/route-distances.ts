import { Inject, Injectable, Logger } from '@nestjs/common';
import type { TPoint, TRouteMode, TRoutePoint } from '@flohmarkt/route-planner';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/** OSRM's profile names for our two modes. */
const OSRM_PROFILE: Record<TRouteMode, string> = { walk: 'foot', bike: 'bike' };

type OsrmTable = { code?: string; distances?: (number | null)[][] };
type OsrmRoute = { code?: string; routes?: { geometry?: { type?: string; coordinates?: unknown } }[] };

/** [longitude, latitude], as GeoJSON and OSRM write a position. */
export type TLngLat = [number, number];

/**
 * More points than a round of 150 stands along a city's streets has by far: a longer answer is not a
 * path we would send to a phone, so the round is drawn straight instead.
 */
const MAX_PATH_POINTS = 50_000;

/** Metres between the points, rows and columns in the order of the points asked about. */
export type TDistanceTable = number[][];

/**
 * The routing server (ROUTING_URL, OSRM-compatible): street distances for planning from its `table`
 * service, and the planned round's way along paths and streets from its `route` service. Each answers
 * null when no server is configured, it is slow (ROUTING_TIMEOUT_MS), fails or answers something
 * incomplete: the caller then plans and draws with straight lines, and a route is never refused
 * because the routing server is away.
 */
@Injectable()
export class RouteDistances {
  private readonly logger = new Logger('RouteDistances');

  constructor(@Inject(STANDS_CONFIG) private readonly config: Pick<TStandsEnv, 'ROUTING_URL' | 'ROUTING_TIMEOUT_MS'>) {}

  /** Whether street distances are configured at all: a plan on straight lines despite them is a fallback, not to be kept. */
  get configured(): boolean {
    return Boolean(this.config.ROUTING_URL);
  }

  async streetDistances(points: readonly TRoutePoint[], mode: TRouteMode): Promise<TDistanceTable | null> {
    if (points.length < 2) return null;
    try {
      const table = await this.ask<OsrmTable>('table', mode, points, 'annotations=distance');
      if (!table) return null;
      const rows = table.distances;
      const complete =
        table.code === 'Ok' &&
        Array.isArray(rows) &&
        rows.length === points.length &&
        rows.every((row) => Array.isArray(row) && row.length === points.length && row.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0));
      if (!complete) throw new Error('incomplete table');
      return rows as TDistanceTable;
    } catch (error) {
      this.logger.warn(`routing server unusable, straight lines instead: ${(error as Error).message}`);
      return null;
    }
  }

  /** The way through the points in their order along paths and streets, or null (then drawn straight). */
  async streetPath(points: readonly TPoint[], mode: TRouteMode): Promise<TLngLat[] | null> {
    if (points.length < 2) return null;
    try {
      const answer = await this.ask<OsrmRoute>('route', mode, points, 'overview=full&geometries=geojson&steps=false');
      if (!answer) return null;
      const line = answer.routes?.[0]?.geometry;
      const coordinates = line?.type === 'LineString' && Array.isArray(line.coordinates) ? (line.coordinates as unknown[]) : null;
      if (answer.code !== 'Ok' || !coordinates || coordinates.length < 2 || coordinates.length > MAX_PATH_POINTS || !coordinates.every(isPosition)) {
        throw new Error('incomplete route');
      }
      // Six decimals are about 10 cm: enough for a map and a GPS, a third of the bytes of doubles.
      return coordinates.map(([lng, lat]) => [Number(lng.toFixed(6)), Number(lat.toFixed(6))]);
    } catch (error) {
      this.logger.warn(`routing server gave no path, straight lines instead: ${(error as Error).message}`);
      return null;
    }
  }

  /** One call to the server's `service` for the points (null: none configured); a failure throws. */
  private async ask<T>(service: 'table' | 'route', mode: TRouteMode, points: readonly TPoint[], options: string): Promise<T | null> {
    const base = this.config.ROUTING_URL?.replace(/\/+$/, '');
    if (!base) return null;
    const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    const res = await fetch(`${base}/${service}/v1/${OSRM_PROFILE[mode]}/${coordinates}?${options}`, {
      signal: AbortSignal.timeout(this.config.ROUTING_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    return (await res.json()) as T;
  }
}

function isPosition(value: unknown): value is TLngLat {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    typeof value[0] === 'number' &&
    typeof value[1] === 'number' &&
    Math.abs(value[0]) <= 180 &&
    Math.abs(value[1]) <= 90
  );
}
