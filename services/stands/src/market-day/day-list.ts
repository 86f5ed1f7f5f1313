import { freePlaces, houseNumberOrder, takesPlace, type TMarketDayCounts, type TMarketDayStand } from '@flohmarkt/contracts';

/*
 * The market day's list as pure functions of its stands (issue 36): the walk order a helper follows
 * with the phone, and the counters of the organiser's day view.
 */

// German rules for names ("Ährenweg" with the A's); digits as numbers ("Stand 2" before "Stand 10").
const names = new Intl.Collator('de-DE', { numeric: true, sensitivity: 'base' });

/** Empty texts last, the others by the German collation. */
function byText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  return names.compare(a, b);
}

/** House numbers by their number, then the rest ("2" < "10" < "10a"); stands without one end their street. */
function byHouseNumber(a: string | null, b: string | null): number {
  const [na, ra] = houseNumberOrder(a);
  const [nb, rb] = houseNumberOrder(b);
  return na - nb || names.compare(ra, rb);
}

/**
 * Walk order: street by street (the stand's address, else the street looked up for its position;
 * stands without a street at the end), in each street by house number, then by stand number, then
 * by label. The id last, so the same stands always come in the same order on every phone.
 */
export function inWalkOrder(stands: readonly TMarketDayStand[]): TMarketDayStand[] {
  return [...stands].sort(
    (a, b) =>
      byText(a.street, b.street) ||
      byHouseNumber(a.houseNumber, b.houseNumber) ||
      byText(a.standNumber, b.standNumber) ||
      names.compare(a.label, b.label) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The counters of the day. Check-in counts are of the approved stands (walk-ups included); a released
 * stand only counts as released. `freePlaces` follows the one rule of the event and the organiser's
 * overview (contracts `freePlaces`): maxStands minus the places taken, never below 0, null without a
 * cap. A place is taken by every stand that `takesPlace`: the approved ones on the list and the
 * `waitingForApproval` ones (pending, a stand moved up from the waitlist included), which are not on
 * the day's list until the organiser approves them. From the market's start a stand ticked "nicht
 * da" frees its place.
 */
export function dayCounts(stands: readonly TMarketDayStand[], maxStands: number | null, started: boolean, waitingForApproval = 0): TMarketDayCounts {
  const approved = stands.filter((s) => s.status === 'approved');
  const count = (list: readonly TMarketDayStand[], keep: (s: TMarketDayStand) => boolean) => list.filter(keep).length;
  const absent = count(approved, (s) => s.checkIn === 'absent');
  const taken = count(stands, (s) => takesPlace(s.status)) + waitingForApproval - (started ? absent : 0);
  return {
    approved: approved.length,
    confirmed: count(approved, (s) => s.confirmation === 'confirmed'),
    open: count(approved, (s) => s.confirmation === 'asked'),
    released: count(stands, (s) => s.status === 'released'),
    present: count(approved, (s) => s.checkIn === 'present'),
    absent,
    unknown: count(approved, (s) => s.checkIn === 'unknown'),
    walkUps: count(approved, (s) => s.walkUp),
    pending: waitingForApproval,
    freePlaces: freePlaces(maxStands, taken),
  };
}
