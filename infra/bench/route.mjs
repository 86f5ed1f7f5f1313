#!/usr/bin/env node
/**
 * `npm run bench:route`: "Meine Runde" (libs/route-planner) on random stands in a town district
 * (3 × 3 km around Köln-Ehrenfeld, fixed seeds), for 10, 30, 60 and 150 stops, round trip and one way.
 * For each: the time of planRoute (distance matrix and solver, the median of several runs per set, in
 * Node) and the gap to the best known order of the same set. Best known: the exact optimum up to 12
 * stops (Held–Karp), above it the best of several long runs of the search (many more kicks, other seeds).
 * Then the same sets once more in headless Chromium (the library bundled as the web app ships it), when
 * Chromium is installed (CHROMIUM_PATH, default /usr/bin/chromium).
 * Target (issue 19): within 3 % of the best known on 30–60 stops; 150 stops in under 300 ms in the browser.
 * Prints figures; asserts nothing. Knobs: BENCH_ROUTE_SETS (5 sets per size), BENCH_ROUTE_RUNS (7).
 */
import { ROOT } from '@flohmarkt/launcher';
import { browserAvailable, timeInChromium } from './route-browser.mjs';
import { buildAll } from './scratch-stack.mjs';

const SIZES = [10, 30, 60, 150];
const SETS = Number(process.env.BENCH_ROUTE_SETS ?? 5);
const RUNS = Number(process.env.BENCH_ROUTE_RUNS ?? 7);
const DISTRICT = { lat: 50.9497, lng: 6.9183, spanLat: 0.027, spanLng: 0.043 };
const BEST_KNOWN_RUNS = 4;
const BEST_KNOWN_KICKS = 25_000;

// The library is used from its build output, as the web app and the services use it.
buildAll('@flohmarkt/route-planner');
const planner = await import('@flohmarkt/route-planner');
const { planRoute, routePoints, buildTourProblem, tourLength, solveExact, solveHeuristic, createRandom, MAX_EXACT_STOPS } = planner;

function randomSet(count, seed) {
  const random = createRandom(seed);
  const point = () => ({ lat: DISTRICT.lat + (random() - 0.5) * DISTRICT.spanLat, lng: DISTRICT.lng + (random() - 0.5) * DISTRICT.spanLng });
  const start = point();
  const stops = Array.from({ length: count }, (_, i) => ({ id: `stand-${seed}-${i}`, ...point() }));
  return { start, stops };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Length of an order of stop ids on the problem's (unrounded) costs. */
function lengthOf(problem, points, order, startsAtPosition) {
  const index = new Map(points.map((p, i) => [p.id, i]));
  return tourLength(problem, [...(startsAtPosition ? [0] : []), ...order.map((id) => index.get(id))]);
}

function bestKnown(problem) {
  if (problem.size - 1 <= MAX_EXACT_STOPS) return tourLength(problem, solveExact(problem));
  let best = Number.POSITIVE_INFINITY;
  for (let run = 1; run <= BEST_KNOWN_RUNS; run++) {
    best = Math.min(best, tourLength(problem, solveHeuristic(problem, { kicks: BEST_KNOWN_KICKS, seed: 4242 + run })));
  }
  return best;
}

const percent = (ratio) => `${(ratio * 100).toFixed(2).padStart(6)} %`;
const out = (line) => process.stdout.write(`${line}\n`);

out(`Meine Runde: planRoute on ${SETS} random sets per size in a 3 × 3 km district (Node ${process.version}, median of ${RUNS} runs per set)`);
out('Browser target: 150 stops in under 300 ms; quality target: within 3 % of the best known order on 30–60 stops.');
out('');
const browserSets = [];
out('stops  route       solver     median ms   max ms   gap mean   gap worst   heuristic alone vs exact');
for (const count of SIZES) {
  for (const loop of [true, false]) {
    const times = [];
    const gaps = [];
    const heuristicGaps = [];
    let exact = false;
    for (let set = 1; set <= SETS; set++) {
      const { start, stops } = randomSet(count, count * 100 + set);
      const input = { stops, start, loop, mode: 'walk' };
      browserSets.push({ count, loop, input });
      planRoute(input); // warm-up: the first call pays for compiling the code
      const runs = [];
      let route;
      for (let run = 0; run < RUNS; run++) {
        const began = performance.now();
        route = planRoute(input);
        runs.push(performance.now() - began);
      }
      times.push(median(runs));
      exact = route.exact;
      const points = routePoints(input);
      const problem = buildTourProblem(points, loop);
      const best = bestKnown(problem);
      gaps.push(lengthOf(problem, points, route.order, true) / best - 1);
      if (route.exact) heuristicGaps.push(tourLength(problem, solveHeuristic(problem)) / best - 1);
    }
    const heuristicAlone = heuristicGaps.length ? `worst ${percent(Math.max(...heuristicGaps)).trim()}` : '';
    out(
      [
        String(count).padStart(5),
        (loop ? 'round trip' : 'one way').padEnd(10),
        (exact ? 'exact' : 'heuristic').padEnd(9),
        median(times).toFixed(1).padStart(10),
        Math.max(...times)
          .toFixed(1)
          .padStart(8),
        percent(gaps.reduce((a, b) => a + b, 0) / gaps.length).padStart(10),
        percent(Math.max(...gaps)).padStart(11),
        `  ${heuristicAlone}`,
      ].join('  '),
    );
  }
}
out('');
out(
  `Best known: the exact optimum up to ${MAX_EXACT_STOPS} stops; above, the best of ${BEST_KNOWN_RUNS} runs with ${BEST_KNOWN_KICKS.toLocaleString('en')} kicks each (other seeds).`,
);
out('A negative gap would mean planRoute found a shorter order than the best known.');
out('');

if (!browserAvailable()) {
  out('No Chromium found (set CHROMIUM_PATH): browser times skipped.');
} else {
  const times = await timeInChromium(
    ROOT,
    browserSets.map(({ input }) => input),
    RUNS,
  );
  const medianFor = (count, loop) => median(times.filter((_, i) => browserSets[i].count === count && browserSets[i].loop === loop));
  out(`In headless Chromium on this machine (the bundled library, median over the sets of each run's median):`);
  out('stops  round trip ms   one way ms');
  for (const count of SIZES)
    out(`${String(count).padStart(5)}  ${medianFor(count, true).toFixed(1).padStart(13)}  ${medianFor(count, false).toFixed(1).padStart(11)}`);
  const worst150 = Math.max(...times.filter((_, i) => browserSets[i].count === 150));
  out(
    `150 stops: slowest set ${worst150.toFixed(1)} ms; browser target < 300 ms ${worst150 < 300 ? 'met' : 'NOT met'} here (a phone is slower than this machine).`,
  );
}
