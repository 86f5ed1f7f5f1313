import type { TTeamFacts, TTeamRole } from '@flohmarkt/contracts';
import type { CallerContext } from './request-context.js';

/*
 * Who may do what with a market, whichever service holds the market's facts: the one place of the
 * rule (issue 36 added the team). Three powers, each a superset of the next:
 * - ownsEvent: the organiser or an admin: everything, including deleting or cancelling the market
 *   and managing its team;
 * - managesEvent ("organiser or admin", and co-organisers): edit the market, review, number and
 *   list its stands with contacts, remind the sellers; everything the organiser does but the above;
 * - runsMarketDay (and helpers): the day itself: check stands in, enter walk-up stands, the day list
 *   (display names only, never e-mail addresses).
 * A null event (not known) is handled by admins only. The team comes with the event's facts; a
 * market read without its team grants its members nothing (errs towards refusing).
 */

type Caller = Pick<CallerContext, 'id' | 'role'> | null;
export type MarketFacts = { organizerId: string; team?: TTeamFacts | null };

/** The caller's part in the market: organiser (or admin), a team role, or none. */
export function eventRoleOf(caller: Caller, event: MarketFacts | null): 'organizer' | TTeamRole | null {
  if (!caller) return null;
  if (caller.role === 'admin' || (event !== null && caller.id === event.organizerId)) return 'organizer';
  return event?.team?.find((member) => member.userId === caller.id)?.role ?? null;
}

/** Delete, cancel, manage the team: the organiser or an admin. */
export function ownsEvent(caller: Caller, event: MarketFacts | null): boolean {
  return eventRoleOf(caller, event) === 'organizer';
}

/** Everything else about the market and its stands: organiser, admin or co-organiser. */
export function managesEvent(caller: Caller, event: MarketFacts | null): boolean {
  const role = eventRoleOf(caller, event);
  return role === 'organizer' || role === 'co-organizer';
}

/** The market day (check-in, walk-up stands, the day list): anyone on the team, helpers included. */
export function runsMarketDay(caller: Caller, event: MarketFacts | null): boolean {
  return eventRoleOf(caller, event) !== null;
}
