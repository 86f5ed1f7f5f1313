import { tourLength, type TTourProblem } from '../distance.js';

/** The shortest tour by trying every order of the nodes after the start (the reference for the exact solver). */
export function bruteForceLength(problem: TTourProblem): number {
  const rest = Array.from({ length: problem.size - 1 }, (_, i) => i + 1);
  let best = Number.POSITIVE_INFINITY;
  const permute = (prefix: number[], remaining: number[]) => {
    if (remaining.length === 0) {
      best = Math.min(best, tourLength(problem, prefix));
      return;
    }
    for (let i = 0; i < remaining.length; i++) {
      permute([...prefix, remaining[i]!], [...remaining.slice(0, i), ...remaining.slice(i + 1)]);
    }
  };
  permute([0], rest);
  return best;
}
