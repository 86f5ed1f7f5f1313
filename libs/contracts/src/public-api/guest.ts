import { ZGuestStandView } from '../guest-stand.js';
import { API_ERRORS } from '../messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/*
 * A guest's own registration through the private manage link: no account, the token in the path is
 * the credential (anyone holding the link may read and withdraw).
 */

/** The guest's registration with its status, the e-mail given and the event. */
export const GET_GUEST_STAND = standsCall({
  method: 'GET',
  path: '/guest-stands/:token',
  summary: 'Eigene Gastanmeldung lesen',
  secretInPath: true,
  answers: [{ status: 200, description: 'Die Anmeldung.', schema: ZGuestStandView }],
  errors: { 404: [API_ERRORS.guestStandNotFound] },
});

/** The registration as a calendar entry, as GET_STAND_CALENDAR gives a signed-in stand holder. */
export const GET_GUEST_STAND_CALENDAR = standsCall({
  method: 'GET',
  path: '/guest-stands/:token/calendar.ics',
  summary: 'Eigene Gastanmeldung als Kalenderdatei (iCalendar)',
  secretInPath: true,
  answers: [{ status: 200, description: 'Die Kalenderdatei.', mediaType: 'text/calendar' }],
  errors: { 404: [API_ERRORS.guestStandNotFound] },
});

/** Withdraws the registration; the link is spent. */
export const WITHDRAW_GUEST_STAND = standsCall({
  method: 'DELETE',
  path: '/guest-stands/:token',
  summary: 'Eigene Gastanmeldung zurückziehen',
  secretInPath: true,
  answers: [{ status: 204, description: 'Zurückgezogen, ohne Inhalt.' }],
  errors: { 404: [API_ERRORS.guestStandNotFound] },
});

/** The guest calls, in the order the OpenAPI document lists them. */
export const GUEST_CALLS: readonly PublicCall[] = [GET_GUEST_STAND, GET_GUEST_STAND_CALENDAR, WITHDRAW_GUEST_STAND];
