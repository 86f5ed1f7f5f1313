import type { TLatLng } from '@flohmarkt/contracts';
import { streetOrder, type TPlacedStand } from './street-order.js';

/** A placed stand with the street the geocoder named for its position (null: not known). */
export type TNamedStand = TPlacedStand & { street: string | null };

/** Metres per degree of latitude (earth radius 6371 km). */
const M_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/**
 * "Street by street" by the streets' names, where the geocoder named them (streets/street-lookups.ts):
 * each street is walked end to end (along itself, as streetOrder orders one street's stands) before
 * the next, and the next is the one with an end nearest to where the last one ended, walked from that
 * end; the first is the one nearest to `start`. The stands whose street is not known are read from
 * their positions (streetOrder) and walked like one more street. Without any known street this is
 * streetOrder itself.
 *
 * Pure and deterministic: the same stands (in any input order) and start give the same order.
 */
export function namedStreetOrder(stands: readonly TNamedStand[], start: TLatLng | null): string[] {
  const named = new Map<string, TNamedStand[]>();
  const unnamed: TNamedStand[] = [];
  for (const s of stands) {
    if (!s.street) unnamed.push(s);
    else named.set(s.street, [...(named.get(s.street) ?? []), s]);
  }
  if (named.size === 0) return streetOrder(stands, start);

  const byId = new Map(stands.map((s) => [s.id, s]));
  const along = (group: readonly TNamedStand[]) => streetOrder(group, null).map((id) => byId.get(id)!);
  const streets = [...named.keys()].sort().map((name) => along(named.get(name)!));
  if (unnamed.length) streets.push(along(unnamed));

  const order: string[] = [];
  let here: TLatLng = start ?? streets[0]![0]!;
  while (streets.length) {
    let best = { index: 0, reversed: false, metres: Infinity };
    streets.forEach((street, index) => {
      for (const reversed of [false, true]) {
        const metres = distanceM(here, reversed ? street.at(-1)! : street[0]!);
        if (metres < best.metres - 1e-6) best = { index, reversed, metres };
      }
    });
    const [street] = streets.splice(best.index, 1);
    const walked = best.reversed ? [...street!].reverse() : street!;
    order.push(...walked.map((s) => s.id));
    here = walked.at(-1)!;
  }
  return order;
}

/** Straight-line distance in metres, flat-earth (streets of one market are a few hundred metres apart). */
function distanceM(a: TLatLng, b: TLatLng): number {
  const x = (b.lng - a.lng) * M_PER_DEGREE * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const y = (b.lat - a.lat) * M_PER_DEGREE;
  return Math.hypot(x, y);
}
