import { describe, expect, it } from 'vitest';
import { buildTourProblem, tourLength, type TTourProblem } from './distance.js';
import { solveExact } from './exact-solver.js';
import { routePoints } from './route-points.js';
import { bruteForceLength } from './testing/brute-force.js';
import { randomPoint, randomStops } from './testing/random-stops.js';
import { createRandom } from './seeded-random.js';

const isPermutationFromStart = (tour: number[], size: number) =>
  tour[0] === 0 && [...tour].sort((a, b) => a - b).every((node, i) => node === i) && tour.length === size;

describe('solveExact (Held–Karp)', () => {
  for (const loop of [true, false]) {
    it(`finds the brute-force optimum on random sets of 3–8 stops (${loop ? 'round trip' : 'one way'})`, () => {
      for (let seed = 1; seed <= 24; seed++) {
        const count = 3 + (seed % 6);
        const start = seed % 2 ? randomPoint(seed) : { stopId: `stand-${seed}-0` };
        const problem = buildTourProblem(routePoints({ stops: randomStops(count, seed), start, mode: 'walk' }), loop);
        const tour = solveExact(problem);
        expect(isPermutationFromStart(tour, problem.size)).toBe(true);
        expect(tourLength(problem, tour)).toBeCloseTo(bruteForceLength(problem), 6);
      }
    });
  }

  it('is exact for asymmetric costs too (one-way streets)', () => {
    const random = createRandom(99);
    for (let trial = 0; trial < 10; trial++) {
      const size = 7;
      const cost = Float64Array.from({ length: size * size }, (_, k) => (k % (size + 1) === 0 ? 0 : 100 + Math.floor(random() * 900)));
      for (const loop of [true, false]) {
        const problem: TTourProblem = { size, cost, loop };
        expect(tourLength(problem, solveExact(problem))).toBe(bruteForceLength(problem));
      }
    }
  });

  it('handles the start alone and one further node', () => {
    const single: TTourProblem = { size: 1, cost: new Float64Array(1), loop: true };
    expect(solveExact(single)).toEqual([0]);
    const pair: TTourProblem = { size: 2, cost: Float64Array.from([0, 5, 7, 0]), loop: false };
    expect(solveExact(pair)).toEqual([0, 1]);
  });
});
