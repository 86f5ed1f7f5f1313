import { distanceFromTable } from './distance.js';
import { isRoutePlanError, type TRoutePlanErrorCode } from './errors.js';
import { planRoute } from './plan-route.js';
import { routePoints } from './route-points.js';
import type { TPlanRouteInput, TPlannedRoute } from './types.js';

/**
 * A planning job as plain data, so it can cross a thread (a worker's message) or a process: the
 * planner's input without the distance function, and street distances as the table they came in
 * (rows and columns in the order of `routePoints(input)`), or null for straight lines.
 */
export type TPlanRouteRequest = Omit<TPlanRouteInput, 'distance'> & { table: ReadonlyArray<ReadonlyArray<number | null>> | null };

/** The planner's answer as plain data: the route, or its typed error (a thrown error does not survive a thread's message). */
export type TPlanRouteReply =
  | { ok: true; route: TPlannedRoute }
  | { ok: false; error: { code: TRoutePlanErrorCode; message: string; stopId?: string } }
  | { ok: false; error: { code: 'FAILED'; message: string } };

/** planRoute over a request; never throws, so a worker can answer every job. */
export function planRouteRequest(request: TPlanRouteRequest): TPlanRouteReply {
  try {
    const { table, ...input } = request;
    const distance = table ? distanceFromTable(routePoints(input), table) : undefined;
    return { ok: true, route: planRoute(distance ? { ...input, distance } : input) };
  } catch (error) {
    if (isRoutePlanError(error)) return { ok: false, error: { code: error.code, message: error.message, ...(error.stopId ? { stopId: error.stopId } : {}) } };
    return { ok: false, error: { code: 'FAILED', message: error instanceof Error ? error.message : String(error) } };
  }
}
