import { tourLength, type TTourProblem } from '../distance.js';
import { solveHeuristic } from '../heuristic-solver.js';
import { createRandom } from '../seeded-random.js';

/**
 * The best known tour length, from two independent searches: the planner's own iterated local search run
 * much longer with several seeds, and a plain multi-start local search (random orders, full-scan 2-opt and
 * Or-opt, no candidate lists) written separately so a flaw in the planner's moves cannot hide here.
 */
export function bestKnownLength(problem: TTourProblem, { seeds = 4, kicks = 20_000, restarts = 40 } = {}): number {
  let best = Number.POSITIVE_INFINITY;
  for (let seed = 1; seed <= seeds; seed++) {
    best = Math.min(best, tourLength(problem, solveHeuristic(problem, { kicks, seed: 1000 + seed })));
  }
  const random = createRandom(7);
  for (let restart = 0; restart < restarts; restart++) best = Math.min(best, tourLength(problem, plainLocalSearch(problem, random)));
  return best;
}

/** First-improvement 2-opt and Or-opt over every pair, from a random order (symmetric costs assumed). */
function plainLocalSearch(problem: TTourProblem, random: () => number): number[] {
  const { size, cost, loop } = problem;
  const tour = [
    0,
    ...shuffle(
      Array.from({ length: size - 1 }, (_, i) => i + 1),
      random,
    ),
  ];
  const n = tour.length;
  // Cost of the edge after position p; the end of a one-way route has none.
  const c = (a: number, b: number) => cost[a * size + b]!;
  const edge = (p: number) => (p < n - 1 ? c(tour[p]!, tour[p + 1]!) : loop ? c(tour[p]!, tour[0]!) : 0);
  const link = (a: number, p: number) => (p < n ? c(a, tour[p]!) : loop ? c(a, tour[0]!) : 0);
  for (let improved = true; improved;) {
    improved = false;
    // 2-opt: reverse tour[i..j].
    for (let i = 1; i < n - 1 && !improved; i++) {
      for (let j = i + 1; j < n && !improved; j++) {
        const delta = c(tour[i - 1]!, tour[j]!) + link(tour[i]!, j + 1) - edge(i - 1) - edge(j);
        if (delta < -1e-7) {
          tour.splice(i, j - i + 1, ...tour.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
    // Or-opt: move tour[i..i+L-1] between rest[k-1] and rest[k], either way round.
    for (let length = 1; length <= 3 && !improved; length++) {
      for (let i = 1; i + length <= n && !improved; i++) {
        const before = length + i - 1;
        const removed = edge(i - 1) + edge(before) - link(tour[i - 1]!, before + 1);
        const moved = tour.slice(i, i + length);
        const rest = [...tour.slice(0, i), ...tour.slice(i + length)];
        for (let k = 1; k <= rest.length && !improved; k++) {
          const u = rest[k - 1]!;
          const v = k < rest.length ? rest[k]! : loop ? rest[0]! : -1;
          const uv = v < 0 ? 0 : c(u, v);
          for (const piece of [moved, [...moved].reverse()]) {
            const added = c(u, piece[0]!) + (v < 0 ? 0 : c(piece[piece.length - 1]!, v)) - uv;
            if (added < removed - 1e-7 && k !== i) {
              tour.splice(0, n, ...rest.slice(0, k), ...piece, ...rest.slice(k));
              improved = true;
              break;
            }
          }
        }
      }
    }
  }
  return tour;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
