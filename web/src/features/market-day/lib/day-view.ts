import type { TCheckInState, TMarketDay, TMarketDayCounts, TMarketDayStand } from '@flohmarkt/contracts';
import type { PendingCheckIn } from './check-in-queue';

/*
 * What the market day screen shows (issue 36): the server's list with this phone's waiting ticks laid
 * over it, the counts moved by those ticks, and the stands grouped by street in the server's walk order.
 */

export interface DayStand extends TMarketDayStand {
  /** The shown check-in is this phone's tick the server has not answered yet. */
  unsynced: boolean;
  /** Only approved stands are checked in; a released place is shown, greyed, for the walk. */
  tickable: boolean;
}

export interface StreetGroup {
  /** null: stands without a known street (no position, or its street not yet looked up). */
  street: string | null;
  stands: DayStand[];
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * The list as this phone sees it: a waiting tick shows over the server's state unless the server
 * already holds a later one (another helper's), the same rule by which the server will decide.
 */
export function mergeTicks(day: TMarketDay, pending: readonly PendingCheckIn[]): { stands: DayStand[]; counts: TMarketDayCounts } {
  const byStand = new Map(pending.map((entry) => [entry.standId, entry]));
  const counts = { ...day.counts };
  const moved = (from: TCheckInState, to: TCheckInState) => {
    counts[from] = Math.max(0, counts[from] - 1);
    counts[to] += 1;
  };
  const stands = day.stands.map((stand): DayStand => {
    const tickable = stand.status === 'approved';
    const tick = byStand.get(stand.id);
    if (!tickable || !tick || time(tick.at) < time(stand.checkInAt)) return { ...stand, unsynced: false, tickable };
    if (tick.state !== stand.checkIn) moved(stand.checkIn, tick.state);
    // This phone's own tick: whose it is goes without saying, the server's name belongs to another.
    return { ...stand, checkIn: tick.state, checkInAt: tick.at, checkInBy: null, unsynced: true, tickable };
  });
  return { stands, counts };
}

/** Whether a stand matches the search: its label, its number or its seller's name, ignoring case. */
export function matchesSearch(stand: TMarketDayStand, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('de');
  if (wanted === '') return true;
  return [stand.label, stand.standNumber, stand.name].some((text) => text?.toLocaleLowerCase('de').includes(wanted));
}

/**
 * The stands by street, the streets in the order the walk meets them (the server's order), each
 * street's released places at its end: walked past, not ticked.
 */
export function groupByStreet(stands: readonly DayStand[]): StreetGroup[] {
  const groups = new Map<string | null, StreetGroup>();
  for (const stand of stands) {
    const group = groups.get(stand.street) ?? { street: stand.street, stands: [] };
    group.stands.push(stand);
    groups.set(stand.street, group);
  }
  return [...groups.values()].map((group) => ({
    ...group,
    stands: [...group.stands.filter((s) => s.tickable), ...group.stands.filter((s) => !s.tickable)],
  }));
}
