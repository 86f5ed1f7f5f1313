import {
  MARKET_DAY_MESSAGES,
  ZCheckIn,
  ZCheckInUpdate,
  ZConfirmation,
  ZConfirmationAnswer,
  ZConfirmationReminder,
  ZMarketDay,
  ZTeam,
  ZTeamInvite,
  ZTeamInviteCreate,
  ZTeamInvitePreview,
  ZTeamJoined,
} from '../market-day.js';
import { API_ERRORS } from '../messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const eventsCall = callsOf('events');
const standsCall = callsOf('stands');

/*
 * A market day that runs itself (issue 36). The team lives with the market (events service); the
 * reconfirmation, the check-in and the day view with the stands (stands service).
 */

/** The organiser (or an admin) invites a co-organiser or a helper: a 6-character code and its link. */
export const CREATE_TEAM_INVITE = eventsCall({
  method: 'POST',
  path: '/events/:id/team-invites',
  summary: 'Ins Team einladen (Code und Link)',
  signIn: true,
  idempotent: true,
  body: ZTeamInviteCreate,
  answers: [{ status: 201, description: 'Die Einladung mit Code und Link.', schema: ZTeamInvite }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [MARKET_DAY_MESSAGES.teamForbidden, MARKET_DAY_MESSAGES.marketOver],
    400: [MARKET_DAY_MESSAGES.invalidRole, MARKET_DAY_MESSAGES.invalidExpiry],
    409: [MARKET_DAY_MESSAGES.tooManyInvites],
  },
});

export const REVOKE_TEAM_INVITE = eventsCall({
  method: 'DELETE',
  path: '/events/:id/team-invites/:code',
  summary: 'Einladung zurückziehen',
  signIn: true,
  answers: [{ status: 204, description: 'Zurückgezogen; der Code gilt nicht mehr.' }],
  errors: { 404: [API_ERRORS.eventNotFound, MARKET_DAY_MESSAGES.inviteNotFound], 403: [MARKET_DAY_MESSAGES.teamForbidden] },
});

/**
 * What a code invites to, before accepting it. Tries are limited per client address. Signed in and
 * removed from the market's team since the code was made: 403, as accepting would answer. The
 * organiser and members it could give nothing more see it even expired or revoked (their old link).
 */
export const GET_TEAM_INVITE = eventsCall({
  method: 'GET',
  path: '/team-invites/:code',
  summary: 'Einladung ansehen',
  // The code is the credential: kept out of logs, never in a shared cache.
  secretInPath: true,
  rateLimit: 'teamInvite',
  answers: [{ status: 200, description: 'Flohmarkt und Rolle der Einladung.', schema: ZTeamInvitePreview }],
  errors: {
    404: [MARKET_DAY_MESSAGES.inviteNotFound],
    410: [MARKET_DAY_MESSAGES.inviteExpired, MARKET_DAY_MESSAGES.inviteRevoked, MARKET_DAY_MESSAGES.marketOver],
    403: [MARKET_DAY_MESSAGES.removedFromTeam],
  },
});

/**
 * Joins the team with the invite's role; accepting again changes nothing. Expired or revoked: 410.
 * Removed from the team by the organiser: 403 for every code of the market made before the removal.
 */
export const ACCEPT_TEAM_INVITE = eventsCall({
  method: 'POST',
  path: '/team-invites/:code/accept',
  summary: 'Einladung annehmen',
  signIn: true,
  secretInPath: true,
  rateLimit: 'teamInvite',
  bodyOptional: true,
  answers: [{ status: 200, description: 'Der Flohmarkt und die Rolle im Team.', schema: ZTeamJoined }],
  errors: {
    404: [MARKET_DAY_MESSAGES.inviteNotFound],
    410: [MARKET_DAY_MESSAGES.inviteExpired, MARKET_DAY_MESSAGES.inviteRevoked, MARKET_DAY_MESSAGES.marketOver],
    400: [MARKET_DAY_MESSAGES.inviteOwnMarket],
    403: [MARKET_DAY_MESSAGES.removedFromTeam],
    409: [MARKET_DAY_MESSAGES.teamFull],
  },
});

/** The members (display names, never e-mails); for the organiser also the open invites. Organiser, co-organisers and admins. */
export const GET_TEAM = eventsCall({
  method: 'GET',
  path: '/events/:id/team',
  summary: 'Das Team des Flohmarkts',
  signIn: true,
  answers: [{ status: 200, description: 'Mitglieder und offene Einladungen.', schema: ZTeam }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [MARKET_DAY_MESSAGES.teamForbidden] },
});

/** The organiser removes a member; a member may leave by removing themselves. */
export const REMOVE_TEAM_MEMBER = eventsCall({
  method: 'DELETE',
  path: '/events/:id/team/:userId',
  summary: 'Aus dem Team entfernen',
  signIn: true,
  answers: [{ status: 204, description: 'Entfernt; die Rechte enden sofort.' }],
  errors: { 404: [API_ERRORS.eventNotFound, MARKET_DAY_MESSAGES.memberNotFound], 403: [MARKET_DAY_MESSAGES.teamForbidden] },
});

/** The stand a "Bist du dabei?" link is about; opening it changes nothing. */
export const GET_CONFIRMATION = standsCall({
  method: 'GET',
  path: '/confirmations/:token',
  summary: 'Rückmeldung ansehen (Link aus der Mail)',
  secretInPath: true,
  answers: [{ status: 200, description: 'Der Stand, sein Flohmarkt und die Frist.', schema: ZConfirmation }],
  errors: { 404: [MARKET_DAY_MESSAGES.confirmationNotFound], 410: [MARKET_DAY_MESSAGES.confirmationExpired] },
});

/** "ja" or "nein" without signing in; the same answer again changes nothing. "nein" frees the place at once. */
export const ANSWER_CONFIRMATION = standsCall({
  method: 'POST',
  path: '/confirmations/:token',
  summary: 'Bist du dabei? – ja oder nein',
  secretInPath: true,
  body: ZConfirmationAnswer,
  answers: [{ status: 200, description: 'Der Stand nach der Antwort.', schema: ZConfirmation }],
  errors: {
    404: [MARKET_DAY_MESSAGES.confirmationNotFound],
    410: [MARKET_DAY_MESSAGES.confirmationExpired],
    400: [MARKET_DAY_MESSAGES.invalidAnswer],
    409: [MARKET_DAY_MESSAGES.confirmationReleased, MARKET_DAY_MESSAGES.confirmationClosed],
  },
});

/** The organiser or a co-organiser reminds the stands that have not answered, once per market. */
export const REMIND_CONFIRMATIONS = standsCall({
  method: 'POST',
  path: '/events/:id/confirmations/remind',
  summary: 'Offene Stände an die Rückmeldung erinnern',
  signIn: true,
  idempotent: true,
  bodyOptional: true,
  answers: [{ status: 200, description: 'Wie viele Stände erinnert wurden.', schema: ZConfirmationReminder }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [API_ERRORS.standManagementForbidden],
    409: [MARKET_DAY_MESSAGES.remindedAlready, MARKET_DAY_MESSAGES.reconfirmationOff],
  },
});

/** "da" / "nicht da" by the organiser, the team or an admin; the latest `at` wins. */
export const CHECK_IN_STAND = standsCall({
  method: 'PATCH',
  path: '/stands/:id/check-in',
  summary: 'Stand einchecken (da / nicht da)',
  signIn: true,
  body: ZCheckInUpdate,
  answers: [{ status: 200, description: 'Der Stand nach der Änderung; bei einer älteren Änderung der neuere Stand.', schema: ZCheckIn }],
  errors: {
    404: [API_ERRORS.standNotFound],
    403: [MARKET_DAY_MESSAGES.marketDayForbidden, MARKET_DAY_MESSAGES.checkInOutsideDay],
    400: [MARKET_DAY_MESSAGES.invalidCheckInState, MARKET_DAY_MESSAGES.invalidCheckInTime, MARKET_DAY_MESSAGES.checkInOutsideDay],
    409: [MARKET_DAY_MESSAGES.checkInNotApproved],
  },
});

/** The team's list in walk order and the organiser's day view: reconfirmation, check-in, live states, counts. */
export const GET_MARKET_DAY = standsCall({
  method: 'GET',
  path: '/events/:id/market-day',
  summary: 'Der Markttag: Stände, Rückmeldungen, Check-in',
  signIn: true,
  answers: [{ status: 200, description: 'Die Stände in Laufreihenfolge mit Zählern.', schema: ZMarketDay }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [MARKET_DAY_MESSAGES.marketDayForbidden] },
});

export const MARKET_DAY_CALLS: readonly PublicCall[] = [
  CREATE_TEAM_INVITE,
  REVOKE_TEAM_INVITE,
  GET_TEAM_INVITE,
  ACCEPT_TEAM_INVITE,
  GET_TEAM,
  REMOVE_TEAM_MEMBER,
  GET_CONFIRMATION,
  ANSWER_CONFIRMATION,
  REMIND_CONFIRMATIONS,
  CHECK_IN_STAND,
  GET_MARKET_DAY,
];
