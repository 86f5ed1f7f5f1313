import { z } from 'zod';
import { latitudeInput, longitudeInput } from './fields.js';

/**
 * Stand numbers in one click (issue 18, item 4): POST /api/events/{id}/stand-numbers numbers every
 * approved stand of the event that has no number yet, continuing after the highest number the event
 * ever gave. The numbers stay editable (PUT /api/stands/{id}) and unique among the event's approved stands.
 *
 * - `street`: street by street: first the stands with an address (issue 33), by street name and
 *   house number, the odd side up and the even side back down; then the stands with a position only,
 *   whose streets are read from the positions: strips along the direction the stands line up in, cut
 *   at gaps wider than a street and at most 100 m wide, walked one after the other, up one and down
 *   the next.
 * - `walk`: along the shortest walk from `start` (or the event's position) over the stands, as the
 *   route planner (`@flohmarkt/route-planner`) plans it.
 */
const STAND_NUMBER_ORDERS = ['street', 'walk'] as const;
export type TStandNumberOrder = (typeof STAND_NUMBER_ORDERS)[number];

/** The service's own sentences about stand numbers. */
export const STAND_NUMBER_MESSAGES = {
  invalidOrder: 'Bitte wähle, wie nummeriert wird: Straße für Straße (street) oder entlang des kürzesten Wegs (walk).',
  invalidStart: 'Der Startpunkt braucht einen Breitengrad (lat) und einen Längengrad (lng).',
  /** A number given twice at one event (edit, approval, a registration's wish): refused, never overwritten. */
  numberTaken: 'Diese Standnummer hat bei diesem Flohmarkt schon ein anderer Stand. Bitte wähle eine andere Nummer.',
} as const;

/** The widest a street-by-street strip gets, in metres. */
export const STAND_NUMBER_STRIP_M = 100;

const start = z.object({ lat: latitudeInput(), lng: longitudeInput() }, { error: STAND_NUMBER_MESSAGES.invalidStart }).transform((point, ctx) => {
  if (point.lat == null || point.lng == null) {
    ctx.addIssue({ code: 'custom', message: STAND_NUMBER_MESSAGES.invalidStart });
    return z.NEVER;
  }
  return { lat: point.lat, lng: point.lng };
});

/** Body of POST /api/events/{id}/stand-numbers. */
export const ZStandNumbering = z.object({
  order: z.enum(STAND_NUMBER_ORDERS, { error: STAND_NUMBER_MESSAGES.invalidOrder }),
  /** Where the walk (and the first strip) begins; the event's position when left out. */
  start: start.nullable().optional(),
});

/**
 * The number a stand number stands for when it is a plain number ('7', ' 07 '), else null ('Hof 17',
 * '7a'): automatic numbers continue after the highest plain one.
 */
export function plainStandNumber(standNumber: string | null | undefined): number | null {
  const trimmed = standNumber?.trim() ?? '';
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}
