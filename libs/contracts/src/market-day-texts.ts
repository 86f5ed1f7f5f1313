/*
 * The market day's words and numbers (issue 36) without zod: the web app's event page and stand
 * badges read them without loading the schemas of market-day.ts (zod-free.spec.ts).
 */

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

/**
 * Invite codes: 8 characters without look-alikes (no 0/O, 1/I/L), typed on a phone or read aloud. Eight,
 * not six: a code is the whole key to a team (a co-organiser reads every seller's address), and with the
 * look-up's per-address limit six left about 10⁹ codes to someone guessing from many addresses (abuse review).
 */
export const TEAM_INVITE_CODE_LENGTH = 8;
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
  removedFromTeam: 'Du wurdest aus dem Team dieses Flohmarkts genommen. Bitte den Veranstalter um eine neue Einladung.',
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
  remindClosed: 'Erinnern geht nicht mehr: Der Flohmarkt ist abgesagt oder die Frist für die Rückmeldung ist vorbei.',
  reconfirmationOff: 'Für diesen Flohmarkt ist die Rückmeldung nicht eingeschaltet.',
  // Check-in
  invalidCheckInState: 'Bitte wähle: da, nicht da oder offen.',
  invalidCheckInTime: 'Die Zeit der Änderung fehlt oder liegt in der Zukunft.',
  checkInNotApproved: 'Nur freigegebene Stände werden eingecheckt.',
  checkInOutsideDay: 'Einchecken geht ab 24 Stunden vor Beginn bis zum Ende des Markttags.',
  tooManyCodeTries: 'Zu viele Versuche mit Einladungscodes. Bitte warte ein paar Minuten.',
} as const;

export const RECONFIRMATION_ASK_HOURS = { min: 24, max: 168, default: 72 } as const;
export const RECONFIRMATION_DEADLINE_HOURS = { min: 1, max: 72, default: 24 } as const;

/**
 * Where a stand stands in the reconfirmation: not asked (switched off, not yet time, or the seller
 * cannot be mailed), asked (the mail went out, no answer yet), confirmed ("ja"), released ("nein",
 * or no answer by the deadline: the stand's status is `released` and its place is free).
 */
export const CONFIRMATION_STATES = ['not-asked', 'asked', 'confirmed', 'released'] as const;
export type TConfirmationState = (typeof CONFIRMATION_STATES)[number];

export const CONFIRMATION_STATE_LABELS: Record<TConfirmationState, string> = {
  'not-asked': 'Nicht gefragt',
  asked: 'Offen',
  confirmed: 'Bestätigt',
  released: 'Platz frei',
};

/** When to ask and when the deadline falls, from the market's start and its settings. */
export function reconfirmationTimes(startDateTime: string, r: { askHoursBefore: number; deadlineHoursBefore: number }): { askAt: Date; deadline: Date } {
  const start = Date.parse(startDateTime);
  return { askAt: new Date(start - r.askHoursBefore * 3_600_000), deadline: new Date(start - r.deadlineHoursBefore * 3_600_000) };
}

export const CONFIRMATION_ANSWERS = ['yes', 'no'] as const;

export const CHECK_IN_STATES = ['present', 'absent', 'unknown'] as const;
export type TCheckInState = (typeof CHECK_IN_STATES)[number];

/** How far ahead of the server's clock a phone's time may be (its clock runs fast). */
export const CHECK_IN_CLOCK_SKEW_MS = 5 * 60_000;
