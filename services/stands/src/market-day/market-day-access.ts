import {
  API_ERRORS,
  CHECK_IN_CLOCK_SKEW_MS,
  MARKET_DAY_MESSAGES,
  checkInWindow,
  eventPhase,
  hasBegun,
  type TEventTimeFacts,
  type TRegistrationFacts,
  type TTeamRole,
} from '@flohmarkt/contracts';
import { eventRoleOf, runsMarketDay } from '@flohmarkt/server-kit';
import { maySeeStand, type Decision, type EventFacts, type StandFacts, type Viewer } from '../stands/stand-access.js';

/*
 * Who may run a market's day and when (issue 36), as pure functions of the caller, the stand, the
 * market's facts (with its team) and the time: the check-in, the day list and the walk-up stands.
 * The team rule itself is server-kit's runsMarketDay (organiser, admins, co-organisers, helpers).
 */

export type MarketDayEvent = EventFacts & TEventTimeFacts;

/** A decision of the check-in: allowed with the window the tick's time must fall in; else 404, 403, or 409 for a stand not (any more) approved. */
export type CheckInDecision =
  { allowed: true; window: { from: Date; until: Date } } | Exclude<Decision, { allowed: true }> | { allowed: false; code: 'CONFLICT'; message: string };

const ALLOWED: Decision = { allowed: true };
const forbidden = (message: string): Exclude<Decision, { allowed: true }> => ({ allowed: false, code: 'FORBIDDEN', message });

/**
 * The stands the team sees: what anyone may see, and a released stand (its place is free, and the
 * day list shows it so the team knows). A stand they may not see is a 404, like one that does not exist.
 */
export function teamMaySeeStand(caller: Viewer, stand: StandFacts, event: EventFacts | null): boolean {
  return maySeeStand(caller, stand, event) || (stand.status === 'released' && runsMarketDay(caller, event));
}

/**
 * PATCH /api/stands/{id}/check-in at `now`: 404 (not seen) → 403 (not the market's people) → 409
 * (not approved) → 403 (outside the check-in window, or a cancelled market, which has no day).
 */
export function checkInDecision(caller: Viewer, stand: StandFacts, event: MarketDayEvent | null, now: Date): CheckInDecision {
  if (!teamMaySeeStand(caller, stand, event)) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
  // The market is gone (its stands are about to follow): only an admin reaches this far, and there is no day to tick.
  if (!event || !runsMarketDay(caller, event)) return forbidden(MARKET_DAY_MESSAGES.marketDayForbidden);
  if (stand.status !== 'approved') return { allowed: false, code: 'CONFLICT', message: MARKET_DAY_MESSAGES.checkInNotApproved };
  const window = checkInWindow(event);
  if (event.status === 'cancelled' || now < window.from || now >= window.until) return forbidden(MARKET_DAY_MESSAGES.checkInOutsideDay);
  return { allowed: true, window };
}

/**
 * Whether the tick's time `at` (from the phone, maybe synced late) is one to take: not ahead of
 * the server's clock by more than CHECK_IN_CLOCK_SKEW_MS, and not before the check-in window
 * opened. Answers the 400's message, or null: a time before the window is told by the window's
 * rule, not as missing or in the future (a review sent one three days old and read "in der Zukunft").
 */
export function checkInTimeProblem(at: Date, window: { from: Date }, now: Date): string | null {
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + CHECK_IN_CLOCK_SKEW_MS) return MARKET_DAY_MESSAGES.invalidCheckInTime;
  if (at < window.from) return MARKET_DAY_MESSAGES.checkInOutsideDay;
  return null;
}

/** The reader's part in the day list: 'organizer' for the organiser and admins, else the team role. */
export type MarketDayRole = 'organizer' | TTeamRole;

/**
 * GET /api/events/{id}/market-day: anyone on the market's team, the organiser and admins, with their
 * part (the page shows each what they may do); anyone else a 403.
 */
export function marketDayDecision(caller: Viewer, event: EventFacts): { allowed: true; role: MarketDayRole } | Exclude<Decision, { allowed: true }> {
  const role = eventRoleOf(caller, event);
  return role === null ? { allowed: false, code: 'FORBIDDEN', message: MARKET_DAY_MESSAGES.marketDayForbidden } : { allowed: true, role };
}

/**
 * A walk-up stand, entered on site at `now`: the team (helpers included), whether registration is
 * switched off or past its deadline (the people on site decide); never at a cancelled or ended
 * market, with the same sentences as a registration.
 */
export function walkUpDecision(caller: Viewer, event: EventFacts & TRegistrationFacts, now: Date): Decision {
  if (!runsMarketDay(caller, event)) return forbidden(MARKET_DAY_MESSAGES.walkUpForbidden);
  if (event.status === 'cancelled') return forbidden(API_ERRORS.registrationEventCancelled);
  if (eventPhase(event, now) === 'ended') return forbidden(API_ERRORS.registrationEventEnded);
  return ALLOWED;
}

/**
 * Whether an `absent` check-in shows as the stand's live state at `now`: from the market's start to
 * the end of its day, of a market that is not cancelled, for a tick made in its check-in window.
 */
export function absenceShows(event: TEventTimeFacts, checkInAt: Date, now: Date): boolean {
  if (event.status === 'cancelled') return false;
  const { from, until } = checkInWindow(event);
  return hasBegun(event, now) && now < until && checkInAt >= from;
}
