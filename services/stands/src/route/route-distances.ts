import { Inject, Injectable, Logger } from '@nestjs/common';
import type { TRouteMode, TRoutePoint } from '@flohmarkt/route-planner';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/** OSRM's profile names for our two modes. */
const OSRM_PROFILE: Record<TRouteMode, string> = { walk: 'foot', bike: 'bike' };

type OsrmTable = { code?: string; distances?: (number | null)[][] };

/** Metres between the points, rows and columns in the order of the points asked about. */
export type TDistanceTable = number[][];

/**
 * Street distances for a route from an OSRM-compatible `table` service (ROUTING_URL), or null: no server
 * configured, a slow one (ROUTING_TIMEOUT_MS), an error or a table with unreachable pairs. The caller then
 * plans with straight lines: a route is never refused because the routing server is away.
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
    const base = this.config.ROUTING_URL?.replace(/\/+$/, '');
    if (!base || points.length < 2) return null;
    const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    try {
      const res = await fetch(`${base}/table/v1/${OSRM_PROFILE[mode]}/${coordinates}?annotations=distance`, {
        signal: AbortSignal.timeout(this.config.ROUTING_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const table = (await res.json()) as OsrmTable;
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
}
