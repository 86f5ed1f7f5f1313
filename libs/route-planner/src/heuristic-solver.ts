import type { TTourProblem } from './distance.js';
import { tourLength } from './distance.js';
import { createRandom } from './seeded-random.js';

type THeuristicOptions = {
  /** Perturbations of the iterated local search; default `kicksFor(size)`. 0: nearest neighbour + local search only. */
  kicks?: number;
  /** Seed of the perturbations: the same input and seed give the same order. */
  seed?: number;
  /** Stops the perturbations early (the local search itself always completes). Default: no limit. */
  timeBudgetMs?: number;
  /** Clock in milliseconds (tests); default performance.now. */
  now?: () => number;
};

/** Nearest neighbours each node considers for a move (the classic candidate list of 2-opt and Or-opt). */
const CANDIDATES = 10;
/** Longest segment Or-opt moves (1 to 3 stands, the classic choice). */
const MAX_OR_OPT_SEGMENT = 3;
/** A move must gain more than this many metres; keeps rounding noise from cycling. */
const EPSILON = 1e-7;
/** Independent perturbation runs sharing the kicks. */
const RUNS = 3;
/** Longest segment a perturbation swaps: local kicks repair cheaply and find more than random ones. */
const MAX_KICK_SEGMENT = 30;

/** Default perturbation count: 30 per node (4,500 at 150 stops), within 1 % of the best known in the benchmark. */
function kicksFor(size: number): number {
  return Math.min(6000, 30 * size);
}

/**
 * A short tour by iterated local search: nearest neighbour from the start, then 2-opt and Or-opt with
 * neighbour lists and don't-look bits to a local optimum, then `kicks` times a segment swap (double bridge)
 * near a random place, repaired by the same local search and kept only if shorter. Deterministic for the
 * same input and seed as long as the time budget is not reached.
 *
 * The moves work on the symmetric mean of the costs (2-opt reverses segments); the final length is taken
 * on the real costs, and a loop is also tried in the opposite direction. A one-way route is a loop through
 * a dummy node that costs 0 from and to every node and stays in the last place.
 */
export function solveHeuristic(problem: TTourProblem, options: THeuristicOptions = {}): number[] {
  const n = problem.size;
  if (n <= 3) return naiveOrder(problem, n);
  const search = new LocalSearch(problem);
  search.run(search.allNodes());
  const kicks = options.kicks ?? kicksFor(n);
  const now = options.now ?? (() => performance.now());
  const deadline = options.timeBudgetMs === undefined ? Number.POSITIVE_INFINITY : now() + options.timeBudgetMs;
  const outOfTime = () => now() > deadline;
  // A few shorter runs from the same local optimum find more than one long run: a run that settles
  // into a poor valley (one-way routes do, around their free end) costs only its share.
  const localOptimum = search.snapshot();
  let best = localOptimum;
  for (let run = 0; run < RUNS && !outOfTime(); run++) {
    search.restore(localOptimum);
    search.perturb(Math.ceil(kicks / RUNS), createRandom((options.seed ?? 1) + run * 7919), outOfTime);
    const result = search.snapshot();
    if (result.length < best.length - EPSILON) best = result;
  }
  search.restore(best);
  return search.bestTourIn(problem);
}

/** 0 to 2 nodes besides the start: try both orders. */
function naiveOrder(problem: TTourProblem, n: number): number[] {
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const forward = [0, 1, 2];
  const backward = [0, 2, 1];
  return tourLength(problem, backward) < tourLength(problem, forward) ? backward : forward;
}

class LocalSearch {
  private readonly size: number;
  private readonly cost: Float64Array;
  /** Last position a node may take; beyond it sits the fixed dummy end of a one-way route. */
  private readonly last: number;
  private readonly real: number;
  private tour: Int32Array;
  private position: Int32Array;
  private readonly neighbours: Int32Array[];
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private count = 0;

  constructor(problem: TTourProblem) {
    const real = problem.size;
    const size = problem.loop ? real : real + 1;
    this.real = real;
    this.size = size;
    this.last = problem.loop ? size - 1 : size - 2;
    this.cost = symmetricCost(problem, size);
    this.neighbours = nearestNeighbours(this.cost, size, real);
    this.tour = nearestNeighbourTour(this.cost, size, real);
    this.position = new Int32Array(size);
    this.reindex(0, size - 1);
    this.queue = new Int32Array(size);
    this.queued = new Uint8Array(size);
  }

  allNodes(): number[] {
    return Array.from(this.tour.subarray(0, this.real));
  }

  /** Improve until no 2-opt or Or-opt move from a queued node gains anything. */
  run(start: readonly number[]): void {
    this.push(...start);
    while (this.count > 0) {
      const node = this.queue[this.head]!;
      this.head = (this.head + 1) % this.size;
      this.count--;
      this.queued[node] = 0;
      if (this.twoOpt(node) || this.orOpt(node)) this.push(node);
    }
  }

  perturb(kicks: number, random: () => number, outOfTime: () => boolean): void {
    const movable = this.last;
    if (movable < 8 || kicks <= 0) return;
    let bestLength = this.length();
    let bestTour = this.tour.slice();
    for (let kick = 0; kick < kicks; kick++) {
      if (kick % 16 === 0 && outOfTime()) break;
      this.run(this.doubleBridge(random));
      const length = this.length();
      if (length < bestLength - EPSILON) {
        bestLength = length;
        bestTour = this.tour.slice();
      } else {
        this.restore({ tour: bestTour });
      }
    }
  }

  snapshot(): { tour: Int32Array; length: number } {
    return { tour: this.tour.slice(), length: this.length() };
  }

  restore(state: { tour: Int32Array }): void {
    this.tour.set(state.tour);
    this.reindex(0, this.size - 1);
  }

  /** The tour without the dummy, in the better direction on the real costs when it is a loop. */
  bestTourIn(problem: TTourProblem): number[] {
    const tour = Array.from(this.tour.subarray(0, this.real));
    if (!problem.loop) return tour;
    const backward = [0, ...tour.slice(1).reverse()];
    return tourLength(problem, backward) < tourLength(problem, tour) - EPSILON ? backward : tour;
  }

  private length(): number {
    let total = 0;
    for (let i = 0; i < this.size; i++) total += this.c(this.tour[i]!, this.tour[(i + 1) % this.size]!);
    return total;
  }

  private c(a: number, b: number): number {
    return this.cost[a * this.size + b]!;
  }

  private at(position: number): number {
    return this.tour[(position + this.size) % this.size]!;
  }

  /** Queues these nodes for the local search, in this order (the dummy and those queued already skipped). */
  private push(...nodes: number[]): void {
    for (const node of nodes) {
      if (node >= this.real || this.queued[node]) continue;
      this.queued[node] = 1;
      this.queue[(this.head + this.count) % this.size] = node;
      this.count++;
    }
  }

  private reindex(from: number, to: number): void {
    for (let i = from; i <= to; i++) this.position[this.tour[i]!] = i;
  }

  private reverse(from: number, to: number): void {
    for (let i = from, j = to; i < j; i++, j--) {
      const swap = this.tour[i]!;
      this.tour[i] = this.tour[j]!;
      this.tour[j] = swap;
    }
    this.reindex(from, to);
  }

  /**
   * 2-opt from node a: a new edge (a, c) to a near node c replaces a's edge to its successor (or
   * predecessor) and c's edge the same way; the part between is reversed. Position 0 never moves.
   */
  private twoOpt(a: number): boolean {
    const i = this.position[a]!;
    const succA = this.at(i + 1);
    for (const c of this.neighbours[a]!) {
      const gain = this.c(a, succA) - this.c(a, c);
      if (gain <= EPSILON) break;
      const j = this.position[c]!;
      const succC = this.at(j + 1);
      if (c === succA) continue;
      if (gain + this.c(c, succC) - this.c(succA, succC) > EPSILON) {
        if (i < j) this.reverse(i + 1, j);
        else this.reverse(j + 1, i);
        this.push(this.at(i), this.at(i + 1), this.at(j), this.at(j + 1), a, c, succA, succC);
        return true;
      }
    }
    if (i === 0) return false;
    const predA = this.at(i - 1);
    for (const c of this.neighbours[a]!) {
      const gain = this.c(predA, a) - this.c(a, c);
      if (gain <= EPSILON) break;
      const j = this.position[c]!;
      if (j === 0 || c === predA) continue;
      const predC = this.at(j - 1);
      if (gain + this.c(predC, c) - this.c(predA, predC) > EPSILON) {
        if (i < j) this.reverse(i, j - 1);
        else this.reverse(j, i - 1);
        this.push(a, c, predA, predC);
        return true;
      }
    }
    return false;
  }

  /** Or-opt from node a: move a segment of 1–3 nodes that begins or ends at a next to a near node, either way round. */
  private orOpt(a: number): boolean {
    const i = this.position[a]!;
    for (let length = 1; length <= MAX_OR_OPT_SEGMENT; length++) {
      for (const first of [i, i - length + 1]) {
        if (first < 1 || first + length - 1 > this.last) continue;
        if (this.moveSegment(first, length)) return true;
        if (length === 1) break;
      }
    }
    return false;
  }

  private moveSegment(first: number, length: number): boolean {
    const lastPos = first + length - 1;
    const s1 = this.tour[first]!;
    const s2 = this.tour[lastPos]!;
    const before = this.at(first - 1);
    const after = this.at(lastPos + 1);
    const removeGain = this.c(before, s1) + this.c(s2, after) - this.c(before, after);
    if (removeGain <= EPSILON) return false;
    for (const end of [s1, s2]) {
      for (const c of this.neighbours[end]!) {
        if (this.c(end, c) >= removeGain) break;
        const j = this.position[c]!;
        if (j >= first && j <= lastPos) continue;
        // Insert between c and its successor, or between its predecessor and c.
        for (const k of [j, j - 1]) {
          const edge = k < 0 ? this.size - 1 : k;
          if (edge >= first - 1 && edge <= lastPos) continue;
          // Never between the dummy end of a one-way route and the start.
          if (edge > this.last) continue;
          const u = this.tour[edge]!;
          const v = this.at(edge + 1);
          const forward = this.c(u, s1) + this.c(s2, v) - this.c(u, v);
          const backward = this.c(u, s2) + this.c(s1, v) - this.c(u, v);
          const reversed = backward < forward;
          if (removeGain - Math.min(forward, backward) > EPSILON) {
            this.relocate(first, length, edge, reversed);
            this.push(before, after, u, v, s1, s2);
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Move tour[first .. first+length-1] to just after position `edge` (outside the segment). */
  private relocate(first: number, length: number, edge: number, reversed: boolean): void {
    const segment = this.tour.slice(first, first + length);
    if (reversed) segment.reverse();
    if (edge > first) {
      this.tour.copyWithin(first, first + length, edge + 1);
      this.tour.set(segment, edge - length + 1);
      this.reindex(first, edge);
    } else {
      this.tour.copyWithin(edge + 1 + length, edge + 1, first);
      this.tour.set(segment, edge + 1);
      this.reindex(edge + 1, first + length - 1);
    }
  }

  /**
   * Swap two adjacent short segments B and C (A B C D → A C B D), the double bridge that 2-opt and Or-opt
   * cannot undo in one move. Returns the nodes around the cuts, where the local search starts again.
   */
  private doubleBridge(random: () => number): number[] {
    const span = Math.min(MAX_KICK_SEGMENT, Math.floor(this.last / 3));
    const first = 1 + Math.floor(random() * (this.last - 1));
    const lengthB = 1 + Math.floor(random() * span);
    const lengthC = 1 + Math.floor(random() * span);
    const end = Math.min(this.last, first + lengthB + lengthC - 1);
    const middle = Math.min(end, first + lengthB);
    if (middle >= end + 1 || middle <= first) return [];
    const b = this.tour.slice(first, middle);
    const cSegment = this.tour.slice(middle, end + 1);
    this.tour.set(cSegment, first);
    this.tour.set(b, first + cSegment.length);
    this.reindex(first, end);
    const touched = [first - 1, first, first + cSegment.length - 1, first + cSegment.length, end, end + 1];
    return touched.map((p) => this.at(p));
  }
}

function symmetricCost(problem: TTourProblem, size: number): Float64Array {
  const real = problem.size;
  const cost = new Float64Array(size * size);
  for (let i = 0; i < real; i++) {
    for (let j = 0; j < real; j++) {
      cost[i * size + j] = (problem.cost[i * real + j]! + problem.cost[j * real + i]!) / 2;
    }
  }
  // The dummy end (one-way routes) stays 0 from and to everything.
  return cost;
}

/** Each real node's nearest real nodes, nearest first; ties by index (deterministic). */
function nearestNeighbours(cost: Float64Array, size: number, real: number): Int32Array[] {
  const count = Math.min(CANDIDATES, real - 1);
  const lists: Int32Array[] = [];
  for (let a = 0; a < real; a++) {
    const others = Array.from({ length: real }, (_, b) => b).filter((b) => b !== a);
    others.sort((x, y) => cost[a * size + x]! - cost[a * size + y]! || x - y);
    lists.push(Int32Array.from(others.slice(0, count)));
  }
  return lists;
}

/** From node 0 always to the nearest unvisited node; the dummy end (if any) last. */
function nearestNeighbourTour(cost: Float64Array, size: number, real: number): Int32Array {
  const tour = new Int32Array(size);
  const visited = new Uint8Array(real);
  visited[0] = 1;
  let current = 0;
  for (let step = 1; step < real; step++) {
    let next = -1;
    for (let b = 0; b < real; b++) {
      if (!visited[b] && (next < 0 || cost[current * size + b]! < cost[current * size + next]!)) next = b;
    }
    tour[step] = next;
    visited[next] = 1;
    current = next;
  }
  if (size > real) tour[size - 1] = real;
  return tour;
}
