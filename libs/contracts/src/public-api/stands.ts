import { z } from 'zod';
import { ZId } from '../fields.js';
import { ZGuestStandCreated } from '../guest-stand.js';
import { STAND_API_ERRORS } from '../internal-stands.js';
import { API_ERRORS, SCREENS, standTooFar } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { MARKET_DAY_MESSAGES } from '../market-day.js';
import { REVIEW_MESSAGES, ZReview, ZReviewCreate, ZReviewListQuery } from '../review.js';
import { STAND_NUMBER_MESSAGES, ZStandNumbering } from '../stand-numbers.js';
import {
  ZAdminStandStats,
  ZDraftListQuery,
  ZDraftListStand,
  ZGuestStandCreate,
  ZStand,
  ZStandBulkReview,
  ZStandCreate,
  ZStandOverview,
  ZStandReject,
  ZStandUpdate,
  ZWalkUpStandCreate,
} from '../stand.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

// Why registration is closed (registrationClosedReason): the organiser and admins may still add stands unless it is cancelled or over.
const REGISTRATION_CLOSED = [
  API_ERRORS.registrationUnavailable,
  API_ERRORS.registrationEventCancelled,
  API_ERRORS.registrationEventEnded,
  API_ERRORS.registrationDeadlinePassed,
] as const;

/** The distance refusal of a stand's position, as the document shows it (any distance over 15 km). */
const TOO_FAR_EXAMPLE = standTooFar(17.3);

/** `?exhibitorId=`: whose approved stands the exhibitor page lists. */
const ZExhibitorStandsQuery = z.object({ exhibitorId: ZId });

/** Anyone: an event's approved stands; its organiser and admins also see the pending ones. */
export const LIST_EVENT_STANDS = standsCall({
  method: 'GET',
  path: '/events/:id/stands',
  summary: 'Stände eines Flohmarkts',
  answers: [{ status: 200, description: 'Die Stände des Flohmarkts.', schema: ZStand, list: true }],
  errors: { 404: [API_ERRORS.eventNotFound] },
});

/** The event's organiser or an admin: the registrations to review. */
export const LIST_DRAFT_STANDS = standsCall({
  method: 'GET',
  path: '/events/:id/draft-stands',
  summary: 'Prüfliste der Anmeldungen eines Flohmarkts',
  signIn: true,
  query: ZDraftListQuery,
  answers: [{ status: 200, description: 'Die Stände in der Reihenfolge ihrer Anmeldung.', schema: ZDraftListStand, list: true }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidStandStatusFilter] },
});

/** The event's organiser or an admin: many registrations approved or rejected in one transaction. */
export const REVIEW_STANDS = standsCall({
  method: 'PATCH',
  path: '/events/:id/stands/review',
  summary: 'Viele Anmeldungen auf einmal freigeben oder ablehnen',
  signIn: true,
  body: ZStandBulkReview,
  answers: [{ status: 200, description: 'Die entschiedenen Stände, wie sie jetzt sind.', schema: ZStand, list: true }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [API_ERRORS.standManagementForbidden],
    400: [API_ERRORS.reviewNothingSelected, API_ERRORS.reviewStandTwice, API_ERRORS.reviewStandsNotOfEvent, VALIDATION.invalidStandIdList],
    409: [API_ERRORS.reviewStandWithdrawn],
  },
});

/** The event's organiser or an admin: a stand entered on site, approved at once. */
export const CREATE_WALK_UP_STAND = standsCall({
  method: 'POST',
  path: '/events/:id/walk-up-stands',
  summary: 'Stand vor Ort eintragen',
  signIn: true,
  idempotent: true,
  body: ZWalkUpStandCreate,
  answers: [{ status: 201, description: 'Der freigegebene Stand.', schema: ZStand }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [MARKET_DAY_MESSAGES.walkUpForbidden, API_ERRORS.registrationEventCancelled, API_ERRORS.registrationEventEnded],
    400: [VALIDATION.guestDescriptionMinLength, VALIDATION.guestCategoriesRequired, TOO_FAR_EXAMPLE],
  },
});

/** The event's organiser or an admin: the counters and the stands per street. */
export const GET_STAND_OVERVIEW = standsCall({
  method: 'GET',
  path: '/events/:id/stand-overview',
  summary: 'Zähler und Stände je Straße',
  signIn: true,
  answers: [{ status: 200, description: 'Die Zähler des Flohmarkts.', schema: ZStandOverview }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.standManagementForbidden] },
});

/** The event's organiser or an admin: a number for every approved stand without one. */
export const NUMBER_STANDS = standsCall({
  method: 'POST',
  path: '/events/:id/stand-numbers',
  summary: 'Stände nummerieren',
  signIn: true,
  body: ZStandNumbering,
  answers: [
    {
      status: 200,
      description: 'Die Stände, die eben eine Nummer bekommen haben, in der Reihenfolge ihrer Nummern (leer, wenn alle schon eine haben).',
      schema: ZStand,
      list: true,
    },
  ],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [API_ERRORS.forbidden],
    400: [STAND_NUMBER_MESSAGES.invalidOrder, STAND_NUMBER_MESSAGES.invalidStart],
    409: [STAND_NUMBER_MESSAGES.numberTaken],
  },
});

/** Anyone without an account (limited per address): a guest's stand, waiting for the organiser. */
export const CREATE_GUEST_STAND = standsCall({
  method: 'POST',
  path: '/events/:id/guest-stands',
  summary: 'Gaststand ohne Konto anmelden',
  idempotent: true,
  rateLimit: 'guestRegistration',
  body: ZGuestStandCreate,
  answers: [
    {
      status: 201,
      description:
        'Der angemeldete Gaststand (Status `pending`) mit dem privaten Verwaltungslink `manageUrl`: nur in dieser Antwort, und per E-Mail, wenn `guestEmail` angegeben war.',
      schema: ZGuestStandCreated,
    },
  ],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: REGISTRATION_CLOSED,
    400: [VALIDATION.guestFirstNameRequired, VALIDATION.guestDescriptionMinLength, VALIDATION.guestCategoriesRequired, TOO_FAR_EXAMPLE],
  },
});

/** Anyone: an exhibitor's approved stands (404 for others when the profile is private). */
export const LIST_EXHIBITOR_STANDS = standsCall({
  method: 'GET',
  path: '/stands',
  summary: 'Freigegebene Stände eines Ausstellers',
  query: ZExhibitorStandsQuery,
  answers: [{ status: 200, description: 'Die Stände.', schema: ZStand, list: true }],
  errors: { 400: [STAND_API_ERRORS.exhibitorIdRequired], 404: [API_ERRORS.userNotFound] },
});

/** A signed-in user: their own stand at an event, waiting for the organiser. */
export const REGISTER_STAND = standsCall({
  method: 'POST',
  path: '/stands',
  summary: 'Stand anmelden',
  signIn: true,
  idempotent: true,
  body: ZStandCreate,
  bodyAlsoRequired: ['latitude', 'longitude'],
  answers: [{ status: 201, description: 'Der angemeldete Stand (Status `pending`).', schema: ZStand }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: REGISTRATION_CLOSED,
    400: [VALIDATION.eventIdRequired, VALIDATION.standDescriptionMinLength, VALIDATION.standLocationRequired, TOO_FAR_EXAMPLE],
    409: [API_ERRORS.standAlreadyRegistered],
  },
});

/** Anyone ("Meine Stände"): the user and admins see every status, everyone else the approved stands. */
export const LIST_MY_STANDS = standsCall({
  method: 'GET',
  path: '/stands/user/:userId',
  summary: 'Stände eines Benutzers („Meine Stände“)',
  answers: [{ status: 200, description: 'Die Stände.', schema: ZStand, list: true }],
  errors: { 404: [API_ERRORS.userNotFound] },
});

/** Anyone: an approved stand; others only for who may see them. */
export const GET_STAND = standsCall({
  method: 'GET',
  path: '/stands/:id',
  summary: 'Einen Stand lesen',
  answers: [{ status: 200, description: 'Der Stand.', schema: ZStand }],
  errors: { 404: [API_ERRORS.standNotFound] },
});

/**
 * The stand holder's own registration as a calendar entry: the market's day and times, the stand's own
 * address as the place, its status, and an alarm the evening before. Whoever may edit the stand (the
 * owner, the organiser, an admin); the whole address is in it, so never from a shared cache.
 */
export const GET_STAND_CALENDAR = standsCall({
  method: 'GET',
  path: '/stands/:id/calendar.ics',
  summary: 'Eigenen Stand als Kalenderdatei (iCalendar)',
  signIn: true,
  answers: [{ status: 200, description: 'Die Kalenderdatei.', mediaType: 'text/calendar' }],
  errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly] },
});

/** The owner, the event's organiser or an admin (a guest stand: the latter two). */
export const UPDATE_STAND = standsCall({
  method: 'PUT',
  path: '/stands/:id',
  summary: 'Stand bearbeiten',
  signIn: true,
  body: ZStandUpdate,
  bodyAlsoRequired: ['latitude', 'longitude'],
  answers: [{ status: 200, description: 'Der gespeicherte Stand.', schema: ZStand }],
  errors: {
    404: [API_ERRORS.standNotFound],
    403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly],
    400: [VALIDATION.standDescriptionRequired, STAND_API_ERRORS.photosOnlyReorder, TOO_FAR_EXAMPLE],
    409: [STAND_NUMBER_MESSAGES.numberTaken],
  },
});

/** The owner withdraws; the event's organiser or an admin deletes. */
export const DELETE_STAND = standsCall({
  method: 'DELETE',
  path: '/stands/:id',
  summary: 'Stand zurückziehen oder löschen',
  signIn: true,
  answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
  errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly] },
});

/** The event's organiser or an admin. */
export const APPROVE_STAND = standsCall({
  method: 'PATCH',
  path: '/stands/:id/approve-draft',
  summary: 'Stand freigeben',
  signIn: true,
  idempotent: true,
  answers: [{ status: 200, description: 'Der freigegebene Stand.', schema: ZStand }],
  // The registrant's wished number is taken by an approved stand: change it first.
  errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden], 409: [STAND_NUMBER_MESSAGES.numberTaken] },
});

/** The event's organiser or an admin, with an optional reason. */
export const REJECT_STAND = standsCall({
  method: 'PATCH',
  path: '/stands/:id/reject',
  summary: 'Stand ablehnen',
  signIn: true,
  idempotent: true,
  body: ZStandReject,
  bodyOptional: true,
  answers: [{ status: 200, description: 'Der abgelehnte Stand.', schema: ZStand }],
  errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.rejectionReasonTooLong] },
});

/** Anyone: the same list as LIST_MY_STANDS, under the user's page. */
export const LIST_USER_STANDS = standsCall({
  method: 'GET',
  path: '/users/:id/stands',
  summary: 'Stände eines Benutzers (Benutzerseite)',
  answers: [{ status: 200, description: 'Die Stände.', schema: ZStand, list: true }],
  errors: { 404: [API_ERRORS.userNotFound] },
});

/** Anyone who may see the stand. */
export const LIST_STAND_REVIEWS = standsCall({
  method: 'GET',
  path: '/stands/:id/reviews',
  summary: 'Bewertungen eines Stands',
  answers: [{ status: 200, description: 'Die Bewertungen.', schema: ZReview, list: true }],
  errors: { 404: [API_ERRORS.standNotFound] },
});

/** A signed-in visitor: once per stand, from the event's start, never their own, never at a cancelled market. */
export const CREATE_REVIEW = standsCall({
  method: 'POST',
  path: '/stands/:id/reviews',
  summary: 'Stand bewerten',
  signIn: true,
  body: ZReviewCreate,
  answers: [{ status: 201, description: 'Die gespeicherte Bewertung.', schema: ZReview }],
  errors: {
    404: [API_ERRORS.standNotFound],
    403: [STAND_API_ERRORS.reviewBeforeStart, REVIEW_MESSAGES.eventCancelled, STAND_API_ERRORS.reviewOwnStand, STAND_API_ERRORS.reviewNotApproved],
    400: [VALIDATION.invalidRating],
    409: [STAND_API_ERRORS.reviewAlreadyGiven],
  },
});

/** Its writer deletes their own review, an admin any; the exhibitor's average follows. */
export const DELETE_REVIEW = standsCall({
  method: 'DELETE',
  path: '/stands/:id/reviews/:reviewId',
  summary: 'Bewertung löschen',
  signIn: true,
  answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
  errors: { 404: [API_ERRORS.standNotFound, REVIEW_MESSAGES.reviewNotFound], 403: [API_ERRORS.forbidden] },
});

/** Anyone: an exhibitor's latest reviews (empty for others when the profile is private). */
export const LIST_EXHIBITOR_REVIEWS = standsCall({
  method: 'GET',
  path: '/reviews',
  summary: 'Neueste Bewertungen eines Ausstellers',
  query: ZReviewListQuery,
  answers: [{ status: 200, description: 'Die Bewertungen, neueste zuerst.', schema: ZReview, list: true }],
  errors: { 400: [VALIDATION.invalidId] },
});

/** Admins only: the dashboard's counters. */
export const GET_ADMIN_STAND_STATS = standsCall({
  method: 'GET',
  path: '/admin/stand-stats',
  summary: 'Stände nach Status zählen',
  signIn: true,
  answers: [{ status: 200, description: 'Die Anzahl der Stände je Status.', schema: ZAdminStandStats }],
  errors: { 403: [API_ERRORS.forbidden] },
});

/** The stands calls, in the order the OpenAPI document lists them. */
export const STANDS_CALLS: readonly PublicCall[] = [
  LIST_EVENT_STANDS,
  LIST_DRAFT_STANDS,
  REVIEW_STANDS,
  CREATE_WALK_UP_STAND,
  GET_STAND_OVERVIEW,
  NUMBER_STANDS,
  CREATE_GUEST_STAND,
  LIST_EXHIBITOR_STANDS,
  REGISTER_STAND,
  LIST_MY_STANDS,
  GET_STAND,
  GET_STAND_CALENDAR,
  UPDATE_STAND,
  DELETE_STAND,
  APPROVE_STAND,
  REJECT_STAND,
  LIST_USER_STANDS,
  LIST_STAND_REVIEWS,
  CREATE_REVIEW,
  DELETE_REVIEW,
  LIST_EXHIBITOR_REVIEWS,
  GET_ADMIN_STAND_STATS,
];
