import { z } from 'zod';
import { ZId, ZIsoDateTime } from './fields.js';
import { ZLiveState } from './live.js';
import { STAND_STATUSES } from './stand-statuses.js';

/*
 * A market day that runs itself (issue 36): the sellers reconfirm before the day, a team of
 * co-organisers and helpers runs the day, and the team checks stands in on a phone, offline too.
 */

// --- The team ---------------------------------------------------------------------------------

/**
 * A co-organiser can do everything the organiser can except deleting or cancelling the market and
 * managing the team; a helper checks stands in and enters walk-up stands, nothing else
 * (server-kit's event-management.ts decides, the one place of the rule).
 */
export const TEAM_ROLES = ['co-organizer', 'helper'] as const;
export type TTeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TTeamRole, string> = {
  'co-organizer': 'Mitveranstalter:in',
  helper: 'Helfer:in',
};

/** Invite codes: 6 characters without look-alikes (no 0/O, 1/I/L), typed on a phone or read aloud. */
export const TEAM_INVITE_CODE_LENGTH = 6;
export const TEAM_INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** The longest an invite stays open. */
export const TEAM_INVITE_MAX_DAYS = 30;
/** The most members and open invites of one market's team. */
export const TEAM_MAX_MEMBERS = 30;
export const TEAM_MAX_OPEN_INVITES = 20;

export const MARKET_DAY_MESSAGES = {
  invalidRole: 'Bitte wähle eine Rolle: Mitveranstalter:in oder Helfer:in.',
  invalidExpiry: `Die Einladung muss in der Zukunft und höchstens ${TEAM_INVITE_MAX_DAYS} Tage lang gelten.`,
  inviteNotFound: 'Diesen Einladungscode gibt es nicht. Prüfe die Schreibweise.',
  inviteExpired: 'Diese Einladung ist abgelaufen. Bitte den Veranstalter um eine neue.',
  inviteRevoked: 'Diese Einladung wurde zurückgezogen. Bitte den Veranstalter um eine neue.',
  inviteOwnMarket: 'Du veranstaltest diesen Flohmarkt selbst.',
  marketOver: 'Dieser Flohmarkt ist abgesagt oder vorbei: ins Team kommt niemand mehr dazu.',
  teamFull: `Ein Team hat höchstens ${TEAM_MAX_MEMBERS} Mitglieder.`,
  tooManyInvites: `Es gibt schon ${TEAM_MAX_OPEN_INVITES} offene Einladungen. Ziehe zuerst eine zurück.`,
  teamForbidden: 'Das Team verwaltet nur, wer den Flohmarkt veranstaltet.',
  memberNotFound: 'Diese Person gehört nicht zum Team.',
  marketDayForbidden: 'Den Markttag sehen nur Veranstalter und ihr Team.',
  walkUpForbidden: 'Spontane Stände tragen nur die Veranstalter des Flohmarkts, ihr Team und Admins ein.',
  // Reconfirmation
  reconfirmationInvalid: 'Frage frühestens 168 und spätestens 24 Stunden vor Beginn; die Frist endet 1 bis 72 Stunden vor Beginn und nach der Frage.',
  confirmationNotFound: 'Diesen Bestätigungslink gibt es nicht.',
  confirmationExpired: 'Dieser Bestätigungslink gilt nicht mehr: der Flohmarkt hat begonnen.',
  confirmationReleased: 'Dein Platz ist schon freigegeben worden; bestätigen kannst du ihn nicht mehr.',
  confirmationClosed: 'Dieser Stand nimmt nicht mehr am Flohmarkt teil.',
  invalidAnswer: 'Bitte antworte mit „ja“ oder „nein“.',
  remindedAlready: 'Die offenen Stände wurden schon einmal erinnert.',
  reconfirmationOff: 'Für diesen Flohmarkt ist die Rückmeldung nicht eingeschaltet.',
  // Check-in
  invalidCheckInState: 'Bitte wähle: da, nicht da oder offen.',
  invalidCheckInTime: 'Die Zeit der Änderung fehlt oder liegt in der Zukunft.',
  checkInNotApproved: 'Nur freigegebene Stände werden eingecheckt.',
  checkInOutsideDay: 'Einchecken geht ab 24 Stunden vor Beginn bis zum Ende des Markttags.',
  tooManyCodeTries: 'Zu viele Versuche mit Einladungscodes. Bitte warte ein paar Minuten.',
} as const;

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
export const ZTeamMember = z.object({
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

export const RECONFIRMATION_ASK_HOURS = { min: 24, max: 168, default: 72 } as const;
export const RECONFIRMATION_DEADLINE_HOURS = { min: 1, max: 72, default: 24 } as const;

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

/**
 * Where a stand stands in the reconfirmation: not asked (switched off, not yet time, or the seller
 * cannot be mailed), asked (the mail went out, no answer yet), confirmed ("ja"), released ("nein",
 * or no answer by the deadline: the stand's status is `released` and its place is free).
 */
export const CONFIRMATION_STATES = ['not-asked', 'asked', 'confirmed', 'released'] as const;
export type TConfirmationState = (typeof CONFIRMATION_STATES)[number];
export const ZConfirmationState = z.enum(CONFIRMATION_STATES);

export const CONFIRMATION_STATE_LABELS: Record<TConfirmationState, string> = {
  'not-asked': 'Nicht gefragt',
  asked: 'Offen',
  confirmed: 'Bestätigt',
  released: 'Platz frei',
};

/** When to ask and when the deadline falls, from the market's start and its settings. */
export function reconfirmationTimes(
  startDateTime: string,
  r: Pick<TReconfirmation, 'askHoursBefore' | 'deadlineHoursBefore'>,
): { askAt: Date; deadline: Date } {
  const start = Date.parse(startDateTime);
  return { askAt: new Date(start - r.askHoursBefore * 3_600_000), deadline: new Date(start - r.deadlineHoursBefore * 3_600_000) };
}

export const CONFIRMATION_ANSWERS = ['yes', 'no'] as const;
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

export const CHECK_IN_STATES = ['present', 'absent', 'unknown'] as const;
export type TCheckInState = (typeof CHECK_IN_STATES)[number];
export const ZCheckInState = z.enum(CHECK_IN_STATES, { error: MARKET_DAY_MESSAGES.invalidCheckInState });

export const CHECK_IN_STATE_LABELS: Record<TCheckInState, string> = {
  present: 'Da',
  absent: 'Nicht da',
  unknown: 'Offen',
};

/** How far ahead of the server's clock a phone's time may be (its clock runs fast). */
export const CHECK_IN_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * PATCH /api/stands/{id}/check-in. `at` is when the person ticked it on the phone (maybe offline,
 * synced later): the latest `at` wins per stand, so two helpers converge whatever order their
 * changes arrive in.
 */
export const ZCheckInUpdate = z.object({ state: ZCheckInState, at: ZIsoDateTime }, { error: MARKET_DAY_MESSAGES.invalidCheckInState });
export type TCheckInUpdate = z.infer<typeof ZCheckInUpdate>;

/** The stand's check-in as it is after the change (the winner, which may be an earlier sync's later tick). */
export const ZCheckIn = z.object({
  standId: ZId,
  state: ZCheckInState,
  /** When the winning tick was made; null: never ticked. */
  at: ZIsoDateTime.nullable(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

/** One stand of the market day list, in walk order (street, house number, stand number). */
export const ZMarketDayStand = z.object({
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
  liveState: ZLiveState.nullable(),
});
export type TMarketDayStand = z.infer<typeof ZMarketDayStand>;

export const ZMarketDayCounts = z.object({
  approved: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  released: z.number().int().nonnegative(),
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  walkUps: z.number().int().nonnegative(),
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
