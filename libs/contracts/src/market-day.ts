import { z } from 'zod';
import {
  TEAM_ROLES,
  MARKET_DAY_MESSAGES,
  RECONFIRMATION_ASK_HOURS,
  RECONFIRMATION_DEADLINE_HOURS,
  CONFIRMATION_STATES,
  CONFIRMATION_ANSWERS,
  CHECK_IN_STATES,
} from './market-day-texts.js';
import { ZId, ZIsoDateTime } from './fields.js';
import { ZLiveState } from './live.js';
import { STAND_STATUSES } from './stand-statuses.js';

export * from './market-day-texts.js';

/*
 * A market day that runs itself (issue 36): the sellers reconfirm before the day, a team of
 * co-organisers and helpers runs the day, and the team checks stands in on a phone, offline too.
 */

// --- The team ---------------------------------------------------------------------------------

export const ZTeamRole = z.enum(TEAM_ROLES, { error: MARKET_DAY_MESSAGES.invalidRole });

/** POST /api/events/{id}/team-invites. */
export const ZTeamInviteCreate = z.object(
  {
    role: ZTeamRole,
    expiresAt: ZIsoDateTime,
  },
  { error: MARKET_DAY_MESSAGES.invalidRole },
);
export type TTeamInviteCreate = z.infer<typeof ZTeamInviteCreate>;

/** An open invite as its market's organiser sees it (and as the creation answers it). */
export const ZTeamInvite = z.object({
  code: z.string(),
  /** The page that accepts it: `/team/{code}`, absolute. */
  url: z.string(),
  role: ZTeamRole,
  expiresAt: ZIsoDateTime,
  createdAt: ZIsoDateTime,
});
export type TTeamInvite = z.infer<typeof ZTeamInvite>;

/** GET /api/team-invites/{code}: what a signed-in person is about to join. */
export const ZTeamInvitePreview = z.object({
  code: z.string(),
  role: ZTeamRole,
  expiresAt: ZIsoDateTime,
  event: z.object({ id: ZId, name: z.string(), location: z.string(), startDateTime: ZIsoDateTime }),
});
export type TTeamInvitePreview = z.infer<typeof ZTeamInvitePreview>;

/** The team as one membership of a user (their data export). */
export const ZTeamMembership = z.object({ eventId: ZId, eventName: z.string(), role: ZTeamRole, joinedAt: ZIsoDateTime });
export type TTeamMembership = z.infer<typeof ZTeamMembership>;

/** One member: display names only (never an e-mail address). */
const ZTeamMember = z.object({
  userId: ZId,
  role: ZTeamRole,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  joinedAt: ZIsoDateTime,
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** GET /api/events/{id}/team: the members, and for the organiser the open invites. */
export const ZTeam = z.object({
  eventId: ZId,
  members: z.array(ZTeamMember),
  /** Open invites (not expired, not revoked); empty for a co-organiser, who cannot manage the team. */
  invites: z.array(ZTeamInvite),
});
export type TTeam = z.infer<typeof ZTeam>;

/** POST /api/team-invites/{code}/accept: the market joined and the role. */
export const ZTeamJoined = z.object({ eventId: ZId, role: ZTeamRole });

/** The team as the other services know it (EventFactsChanged, the internal event read): user and role. */
export const ZTeamFacts = z.array(z.object({ userId: ZId, role: ZTeamRole }));
export type TTeamFacts = z.infer<typeof ZTeamFacts>;

// --- Reconfirmation ---------------------------------------------------------------------------

export const ZReconfirmation = z
  .object(
    {
      enabled: z.boolean({ error: MARKET_DAY_MESSAGES.reconfirmationInvalid }),
      askHoursBefore: z
        .number({ error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .int({ error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .min(RECONFIRMATION_ASK_HOURS.min, { error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .max(RECONFIRMATION_ASK_HOURS.max, { error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .default(RECONFIRMATION_ASK_HOURS.default),
      deadlineHoursBefore: z
        .number({ error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .int({ error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .min(RECONFIRMATION_DEADLINE_HOURS.min, { error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .max(RECONFIRMATION_DEADLINE_HOURS.max, { error: MARKET_DAY_MESSAGES.reconfirmationInvalid })
        .default(RECONFIRMATION_DEADLINE_HOURS.default),
    },
    { error: MARKET_DAY_MESSAGES.reconfirmationInvalid },
  )
  .refine((r) => r.deadlineHoursBefore < r.askHoursBefore, { message: MARKET_DAY_MESSAGES.reconfirmationInvalid, path: ['deadlineHoursBefore'] });
export type TReconfirmation = z.infer<typeof ZReconfirmation>;

export const RECONFIRMATION_OFF: TReconfirmation = {
  enabled: false,
  askHoursBefore: RECONFIRMATION_ASK_HOURS.default,
  deadlineHoursBefore: RECONFIRMATION_DEADLINE_HOURS.default,
};

export const ZConfirmationState = z.enum(CONFIRMATION_STATES);
export const ZConfirmationAnswer = z.object(
  { answer: z.enum(CONFIRMATION_ANSWERS, { error: MARKET_DAY_MESSAGES.invalidAnswer }) },
  { error: MARKET_DAY_MESSAGES.invalidAnswer },
);
export type TConfirmationAnswer = z.infer<typeof ZConfirmationAnswer>;

/** GET and POST /api/confirmations/{token}: the stand the link is about, as it is now. */
export const ZConfirmation = z.object({
  standId: ZId,
  standLabel: z.string(),
  status: z.enum(STAND_STATUSES),
  confirmation: ZConfirmationState,
  /** The deadline of the answer; after it an unanswered stand is released. */
  deadline: ZIsoDateTime,
  event: z.object({ id: ZId, name: z.string(), location: z.string(), startDateTime: ZIsoDateTime }),
});
export type TConfirmation = z.infer<typeof ZConfirmation>;

/** POST /api/events/{id}/confirmations/remind: how many open stands were reminded (once per market). */
export const ZConfirmationReminder = z.object({ reminded: z.number().int().nonnegative() });

// --- Check-in ---------------------------------------------------------------------------------

const ZCheckInState = z.enum(CHECK_IN_STATES, { error: MARKET_DAY_MESSAGES.invalidCheckInState });
/**
 * PATCH /api/stands/{id}/check-in. `at` is when the person ticked it on the phone (maybe offline,
 * synced later): the latest `at` wins per stand, so two helpers converge whatever order their
 * changes arrive in.
 */
export const ZCheckInUpdate = z.object({ state: ZCheckInState, at: ZIsoDateTime }, { error: MARKET_DAY_MESSAGES.invalidCheckInState });

/** The stand's check-in as it is after the change (the winner, which may be an earlier sync's later tick). */
export const ZCheckIn = z.object({
  standId: ZId,
  state: ZCheckInState,
  /** When the winning tick was made; null: never ticked. */
  at: ZIsoDateTime.nullable(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

/** One stand of the market day list, in walk order (street, house number, stand number). */
const ZMarketDayStand = z.object({
  id: ZId,
  label: z.string(),
  standNumber: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  /** The seller's display name (never an e-mail address). */
  name: z.string().nullable(),
  status: z.enum(STAND_STATUSES),
  walkUp: z.boolean(),
  confirmation: ZConfirmationState,
  checkIn: ZCheckInState,
  checkInAt: ZIsoDateTime.nullable(),
  /** Who made the tick that counts: the team member's display name (first name, last initial); null when none, or they left the product. */
  checkInBy: z.string().nullable(),
  liveState: ZLiveState.nullable(),
});
export type TMarketDayStand = z.infer<typeof ZMarketDayStand>;

const ZMarketDayCounts = z.object({
  approved: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  released: z.number().int().nonnegative(),
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  walkUps: z.number().int().nonnegative(),
  /** Registrations waiting for the organiser's approval (a stand moved up from the waitlist too): not on the list, holding their places. */
  pending: z.number().int().nonnegative(),
  /** maxStands minus the places taken (absent stands count as free from the start); null: no cap. */
  freePlaces: z.number().int().nonnegative().nullable(),
});
export type TMarketDayCounts = z.infer<typeof ZMarketDayCounts>;

/** GET /api/events/{id}/market-day: the team's list and the organiser's day view in one answer. */
export const ZMarketDay = z.object({
  eventId: ZId,
  /** The caller's part: 'organizer' for the organiser and admins. */
  role: z.enum(['organizer', ...TEAM_ROLES]),
  reconfirmation: ZReconfirmation,
  /** When the open stands were reminded; null: not yet (the organiser may do it once). */
  remindedAt: ZIsoDateTime.nullable(),
  counts: ZMarketDayCounts,
  /** Approved and released stands, in walk order. */
  stands: z.array(ZMarketDayStand),
  /** The server's time of this answer, so a phone can tell its own clock's offset. */
  serverTime: ZIsoDateTime,
});
export type TMarketDay = z.infer<typeof ZMarketDay>;
