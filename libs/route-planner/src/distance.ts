import { haversineKm } from '@flohmarkt/contracts';
import { routeErrors } from './errors.js';
import type { TDistanceFn, TPoint, TRoutePoint } from './types.js';

/** The straight line in metres (haversine, the same earth radius as the 15 km rule). */
export function straightLineM(a: TPoint, b: TPoint): number {
  return haversineKm(a, b) * 1000;
}

/**
 * The inner problem of the solvers: nodes 0..size-1, node 0 the fixed start; every node visited once,
 * and with `loop` back to node 0 at the end. `cost` is row-major (cost[i * size + j] from i to j).
 */
export type TTourProblem = { size: number; cost: Float64Array; loop: boolean };

/** Every pair's distance, checked: a routing server that answers nothing usable is an error, not a 0. */
export function buildTourProblem(points: readonly TRoutePoint[], loop: boolean, distance: TDistanceFn = straightLineM): TTourProblem {
  const size = points.length;
  const cost = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      if (i === j) continue;
      const metres = distance(points[i]!, points[j]!);
      if (typeof metres !== 'number' || !Number.isFinite(metres) || metres < 0) throw routeErrors.invalidDistance();
      cost[i * size + j] = metres;
    }
  }
  return { size, cost, loop };
}

/** Length of a tour (node 0 first), with the way back to node 0 when the problem is a loop. */
export function tourLength(problem: TTourProblem, tour: readonly number[]): number {
  const { size, cost, loop } = problem;
  let total = 0;
  for (let i = 1; i < tour.length; i++) total += cost[tour[i - 1]! * size + tour[i]!]!;
  if (loop && tour.length > 1) total += cost[tour[tour.length - 1]! * size + tour[0]!]!;
  return total;
}

/**
 * A distance function over a precomputed table (an OSRM `table` answer in metres), indexed in the order of
 * `routePoints(input)`. A missing or null entry (unreachable) makes the planner fail with INVALID_DISTANCE.
 */
export function distanceFromTable(points: readonly TRoutePoint[], table: ReadonlyArray<ReadonlyArray<number | null>>): TDistanceFn {
  // By id: stop ids are unique and the start position is the one point without (null).
  const index = new Map<string | null, number>(points.map((point, i) => [point.id, i]));
  return (a, b) => {
    const row = table[index.get(a.id) ?? -1];
    return row?.[index.get(b.id) ?? -1] ?? Number.NaN;
  };
}
