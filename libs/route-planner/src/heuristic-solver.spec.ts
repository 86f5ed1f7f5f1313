import { describe, expect, it } from 'vitest';
import { buildTourProblem, tourLength } from './distance.js';
import { solveExact } from './exact-solver.js';
import { solveHeuristic } from './heuristic-solver.js';
import { routePoints } from './route-points.js';
import { bestKnownLength } from './testing/best-known.js';
import { randomPoint, randomStops } from './testing/random-stops.js';

const problemFor = (count: number, seed: number, loop: boolean) =>
  buildTourProblem(routePoints({ stops: randomStops(count, seed), start: randomPoint(seed), mode: 'walk' }), loop);

const isPermutationFromStart = (tour: number[], size: number) =>
  tour.length === size && tour[0] === 0 && new Set(tour).size === size && tour.every((node) => node >= 0 && node < size);

describe('solveHeuristic (nearest neighbour + 2-opt + Or-opt, iterated)', () => {
  for (const loop of [true, false]) {
    it(`stays within 3 % of the exact optimum on 10–12 stops (${loop ? 'round trip' : 'one way'})`, () => {
      for (let seed = 1; seed <= 12; seed++) {
        const problem = problemFor(10 + (seed % 3), seed, loop);
        const optimum = tourLength(problem, solveExact(problem));
        const tour = solveHeuristic(problem);
        expect(isPermutationFromStart(tour, problem.size)).toBe(true);
        expect(tourLength(problem, tour)).toBeLessThanOrEqual(optimum * 1.03);
      }
    });
  }

  for (const [count, seed, loop] of [
    [30, 1, true],
    [30, 2, false],
    [45, 3, true],
    [45, 4, false],
    [60, 5, true],
    [60, 6, false],
  ] as const) {
    it(`stays within 3 % of the best known order on ${count} stops (seed ${seed}, ${loop ? 'round trip' : 'one way'})`, () => {
      const problem = problemFor(count, seed, loop);
      const tour = solveHeuristic(problem);
      expect(isPermutationFromStart(tour, problem.size)).toBe(true);
      expect(tourLength(problem, tour)).toBeLessThanOrEqual(bestKnownLength(problem, { seeds: 2, kicks: 15_000, restarts: 4 }) * 1.03);
    });
  }

  it('gives the same order for the same input, every time', () => {
    const problem = problemFor(80, 11, false);
    const first = solveHeuristic(problem);
    expect(solveHeuristic(problem)).toEqual(first);
    expect(solveHeuristic(problemFor(80, 11, false))).toEqual(first);
  });

  it('still answers a complete order when the time budget is gone at once', () => {
    let clock = 0;
    const problem = problemFor(150, 12, true);
    const tour = solveHeuristic(problem, { timeBudgetMs: 0, now: () => (clock += 1) });
    expect(isPermutationFromStart(tour, problem.size)).toBe(true);
    // Without perturbations it is the local optimum of 2-opt and Or-opt: far better than the visiting order as given.
    expect(tourLength(problem, tour)).toBeLessThan(
      tourLength(
        problem,
        Array.from({ length: problem.size }, (_, i) => i),
      ) * 0.5,
    );
  });
});
