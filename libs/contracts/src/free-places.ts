import { CAPACITY_STAND_STATUSES, type TStandStatus } from './stand-statuses.js';

/*
 * The free places of a market with a cap (docs/product.md#capacity-and-waitlist), one rule for every
 * read that shows them: the event's `freePlaces`, the organiser's overview and the market day's
 * counts. Without zod: the web app's event page may read it.
 */

/**
 * Whether a stand in this state holds one of the event's `maxStands` places: approved and pending
 * ones, a pending one moved up from the waitlist included (CAPACITY_STAND_STATUSES).
 */
export function takesPlace(status: TStandStatus): boolean {
  return (CAPACITY_STAND_STATUSES as readonly TStandStatus[]).includes(status);
}

/**
 * `maxStands` minus the places taken (the stands that `takesPlace`), never below 0: the organiser
 * may approve beyond the cap. null for a market without a cap.
 */
export function freePlaces(maxStands: number, taken: number): number;
export function freePlaces(maxStands: number | null | undefined, taken: number): number | null;
export function freePlaces(maxStands: number | null | undefined, taken: number): number | null {
  return maxStands == null ? null : Math.max(0, maxStands - taken);
}
