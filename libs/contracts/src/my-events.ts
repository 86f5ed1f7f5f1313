import { z } from 'zod';
import { ZEvent } from './event.js';
import { ZTeamRole } from './market-day.js';

/**
 * "Meine Flohmärkte" (issue 30, `GET /api/me/events`): a market the caller organises with the counters
 * of its registrations, from the events service's read model of the stands' counts (they lag the
 * stands service by the relay's latency). `freePlaces` is null for a market without `maxStands`.
 */
const ZMyEventCounts = z.object({
  approved: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  waitlisted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  freePlaces: z.number().int().nonnegative().nullable(),
});

/** `teamRole`: the caller is on the market's team (issue 36) rather than its organiser; null for their own markets. */
export const ZMyEvent = ZEvent.extend({ counts: ZMyEventCounts, teamRole: ZTeamRole.nullable().optional() });
export type TMyEvent = z.infer<typeof ZMyEvent>;

/** The most markets one answer lists: upcoming ones first, so the ones to act on are never cut off. */
export const MY_EVENTS_LIMIT = 500;
