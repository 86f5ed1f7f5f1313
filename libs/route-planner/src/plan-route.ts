import { buildTourProblem } from './distance.js';
import { solveExact } from './exact-solver.js';
import { solveHeuristic } from './heuristic-solver.js';
import { DEFAULT_TIME_BUDGET_MS, MAX_EXACT_STOPS, SPEED_M_PER_S } from './limits.js';
import { routePoints } from './route-points.js';
import type { TPlanRouteInput, TPlannedRoute, TRouteLeg, TRouteMode } from './types.js';

/**
 * "Meine Runde": the shortest order across the chosen stops from the start, as a round trip (`loop`) or
 * one way. Up to 12 stops the order is the proven shortest (Held–Karp); above, the iterated 2-opt/Or-opt
 * heuristic (within 3 % of the best known order on 30–60 stops, `npm run bench:route`). Same input, same
 * answer. Throws RoutePlanError for input a caller must fix (more than 150 stops, duplicates, bad points).
 */
export function planRoute(input: TPlanRouteInput): TPlannedRoute {
  const points = routePoints(input);
  const problem = buildTourProblem(points, input.loop, input.distance);
  const exact = points.length - 1 <= MAX_EXACT_STOPS;
  const tour = exact ? solveExact(problem) : solveHeuristic(problem, { timeBudgetMs: input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS });

  const legs: TRouteLeg[] = [];
  const addLeg = (from: number, to: number) => {
    legs.push({ from: points[from]!.id, to: points[to]!.id, distanceM: Math.round(problem.cost[from * problem.size + to]!) });
  };
  for (let i = 1; i < tour.length; i++) addLeg(tour[i - 1]!, tour[i]!);
  if (input.loop && tour.length > 1) addLeg(tour[tour.length - 1]!, tour[0]!);

  const order = tour.map((node) => points[node]!.id).filter((id): id is string => id !== null);
  const distanceM = legs.reduce((sum, leg) => sum + leg.distanceM, 0);
  return { order, distanceM, legs, durationS: estimatedDurationS(distanceM, input.mode), exact };
}

/** Travel time in whole seconds at an average walking (4.5 km/h) or cycling (15 km/h) speed. */
function estimatedDurationS(distanceM: number, mode: TRouteMode): number {
  return Math.round(distanceM / SPEED_M_PER_S[mode]);
}
