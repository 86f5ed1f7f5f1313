import type { TTourProblem } from './distance.js';

/**
 * The shortest tour by Held–Karp dynamic programming over subsets: best[mask][j] is the shortest way from
 * node 0 through exactly the nodes of `mask`, ending at j. O(2^m · m²) for m = size - 1 nodes besides the
 * start: about 600,000 steps at m = 12. Exact for asymmetric costs too. Ties go to the lower node index,
 * so the answer is deterministic.
 */
export function solveExact(problem: TTourProblem): number[] {
  const { size, cost, loop } = problem;
  const m = size - 1;
  if (m <= 0) return size === 1 ? [0] : [];
  if (m > 20) throw new RangeError(`solveExact: ${m} nodes is beyond the exact solver`);

  const subsets = 1 << m;
  const best = new Float64Array(subsets * m).fill(Number.POSITIVE_INFINITY);
  const previous = new Int8Array(subsets * m).fill(-1);
  for (let j = 0; j < m; j++) best[(1 << j) * m + j] = cost[0 * size + j + 1]!;

  for (let mask = 1; mask < subsets; mask++) {
    for (let j = 0; j < m; j++) {
      if (!(mask & (1 << j))) continue;
      const here = best[mask * m + j]!;
      if (here === Number.POSITIVE_INFINITY) continue;
      const row = (j + 1) * size;
      for (let k = 0; k < m; k++) {
        if (mask & (1 << k)) continue;
        const next = mask | (1 << k);
        const candidate = here + cost[row + k + 1]!;
        if (candidate < best[next * m + k]!) {
          best[next * m + k] = candidate;
          previous[next * m + k] = j;
        }
      }
    }
  }

  const full = subsets - 1;
  let last = 0;
  let shortest = Number.POSITIVE_INFINITY;
  for (let j = 0; j < m; j++) {
    const total = best[full * m + j]! + (loop ? cost[(j + 1) * size]! : 0);
    if (total < shortest) {
      shortest = total;
      last = j;
    }
  }

  const reversed: number[] = [];
  let mask = full;
  let node = last;
  while (node >= 0) {
    reversed.push(node + 1);
    const before = previous[mask * m + node]!;
    mask &= ~(1 << node);
    node = before;
  }
  return [0, ...reversed.reverse()];
}
