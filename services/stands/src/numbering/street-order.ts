import { STAND_NUMBER_STRIP_M, type TLatLng } from '@flohmarkt/contracts';

/** A stand with a position, as the numbering orders it. */
export type TPlacedStand = TLatLng & { id: string };

/** Metres per degree of latitude (earth radius 6371 km). */
const M_PER_DEGREE = (6_371_000 * Math.PI) / 180;

type Local = { id: string; u: number; v: number };

/**
 * Stands whose positions lie further apart than this across the main axis stand on different
 * streets (houses of one street face each other across about 10–25 m).
 */
const STREET_GAP_M = 30;

/**
 * "Street by street": the order in which someone walking the market street by street passes the
 * stands, read from the positions alone (where the geocoder named the stands' streets,
 * named-street-order.ts walks by the names and uses this order within each street): the main axis is the direction in which neighbouring stands line up best; across it, stands fall into strips, a new one
 * wherever a gap wider than 30 m opens, and none wider than 100 m. A Hofflohmarkt along one road is
 * one strip walked end to end; a quarter is walked strip after strip, up one street and down the
 * next, so that the step from one strip's last stand to the next strip's first stays short. With
 * `start` the walk begins at the strip and the end nearest to it.
 *
 * Pure and deterministic: the same stands (in any input order) and start give the same order.
 */
export function streetOrder(stands: readonly TPlacedStand[], start: TLatLng | null): string[] {
  if (stands.length === 0) return [];
  const sorted = [...stands].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const origin = centre(sorted);
  const metres = (p: TLatLng) => ({
    x: (p.lng - origin.lng) * M_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180),
    y: (p.lat - origin.lat) * M_PER_DEGREE,
  });
  const points = sorted.map((s) => ({ id: s.id, ...metres(s) }));
  const angle = mainAxis(points);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const along = (p: { x: number; y: number }) => p.x * cos + p.y * sin;
  const across = (p: { x: number; y: number }) => -p.x * sin + p.y * cos;

  // Walk from the start's side: the first strip is the one nearest to it, and so is its first stand.
  const from = start ? metres(start) : null;
  const uSign = from && along(from) > 0 ? -1 : 1;
  const vSign = from && across(from) > 0 ? -1 : 1;
  const local: Local[] = points.map((p) => ({ id: p.id, u: uSign * along(p), v: vSign * across(p) }));

  return strips(local).flatMap((strip, walked) => {
    const direction = walked % 2 === 0 ? 1 : -1;
    return strip.sort((a, b) => direction * (a.u - b.u) || a.v - b.v || (a.id < b.id ? -1 : 1)).map((p) => p.id);
  });
}

/** The stands across the main axis, cut into strips at gaps wider than a street and at 100 m. */
function strips(points: Local[]): Local[][] {
  const across = [...points].sort((a, b) => a.v - b.v || (a.id < b.id ? -1 : 1));
  const result: Local[][] = [];
  let current: Local[] = [];
  for (const p of across) {
    const first = current[0];
    const last = current.at(-1);
    if (first && last && (p.v - last.v > STREET_GAP_M || p.v - first.v > STAND_NUMBER_STRIP_M)) {
      result.push(current);
      current = [];
    }
    current.push(p);
  }
  result.push(current);
  return result;
}

function centre(points: readonly TLatLng[]): TLatLng {
  const sum = points.reduce((acc, p) => ({ lat: acc.lat + p.lat, lng: acc.lng + p.lng }), { lat: 0, lng: 0 });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/** Pairs of stands further apart than this say nothing about the street they share. */
const NEIGHBOUR_M = 150;
/** How closely stands of one street line up across it (the spread of a street's two sides). */
const LINE_SPREAD_M = 8;

/**
 * The direction (radians from east, whole degrees) in which the stands line up best: for every
 * direction, each pair of neighbouring stands counts by how close they lie across it (a Gaussian of
 * their distance across, so a pair on one street counts about 1 and a pair on two streets about 0);
 * the direction with the highest count is the streets' direction. Stands that all coincide give 0.
 */
function mainAxis(points: readonly { x: number; y: number }[]): number {
  const pairs: [number, number][] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[j]!.x - points[i]!.x;
      const dy = points[j]!.y - points[i]!.y;
      if (dx * dx + dy * dy <= NEIGHBOUR_M ** 2) pairs.push([dx, dy]);
    }
  }
  let best = 0;
  let bestScore = -1;
  for (let degree = 0; degree < 180; degree++) {
    const angle = (degree * Math.PI) / 180;
    const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
    let score = 0;
    for (const [dx, dy] of pairs) score += Math.exp(-((-dx * sin + dy * cos) ** 2) / (2 * LINE_SPREAD_M ** 2));
    if (score > bestScore + 1e-9) [best, bestScore] = [angle, score];
  }
  return best;
}
