import { ZMailConfirmation, ZMailOptOut } from '../mail-opt-out.js';
import { API_ERRORS } from '../messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/* The links of notification mails: no sign-in, the token in the path is the credential. */

/** What the opt-out link switches off, and whether it already is. */
export const GET_MAIL_OPT_OUT = standsCall({
  method: 'GET',
  path: '/mail/unsubscribe/:token',
  summary: 'Abmeldelink prüfen',
  secretInPath: true,
  answers: [{ status: 200, description: 'Worum es geht und ob es abbestellt ist.', schema: ZMailOptOut }],
  errors: { 404: [API_ERRORS.mailOptOutNotFound] },
});

/**
 * The one-click opt-out (RFC 8058) a mail program sends to the List-Unsubscribe address, and the web
 * page's button: whatever body a mail program posts is dropped.
 */
export const OPT_OUT_OF_MAIL = standsCall({
  method: 'POST',
  path: '/mail/unsubscribe/:token',
  summary: 'E-Mails abbestellen',
  secretInPath: true,
  anyOrigin: true,
  bodyIgnored: true,
  answers: [{ status: 200, description: 'Abbestellt.', schema: ZMailOptOut }],
  errors: { 404: [API_ERRORS.mailOptOutNotFound] },
});

/** Takes an opt-out back (the page's "Doch wieder erhalten"); a second call changes nothing. */
export const OPT_BACK_IN_TO_MAIL = standsCall({
  method: 'DELETE',
  path: '/mail/unsubscribe/:token',
  summary: 'Abbestellung zurücknehmen',
  secretInPath: true,
  answers: [{ status: 200, description: 'Wieder eingeschaltet.', schema: ZMailOptOut }],
  errors: { 404: [API_ERRORS.mailOptOutNotFound] },
});

/** The link of a guest's confirmation request: confirms the address (again: still confirmed). */
export const CONFIRM_MAIL_ADDRESS = standsCall({
  method: 'GET',
  path: '/mail/confirm/:token',
  summary: 'E-Mail-Adresse bestätigen',
  secretInPath: true,
  answers: [{ status: 200, description: 'Die Adresse ist bestätigt.', schema: ZMailConfirmation }],
  errors: { 404: [API_ERRORS.mailConfirmationNotFound] },
});

/** The mail calls, in the order the OpenAPI document lists them. */
export const MAIL_CALLS: readonly PublicCall[] = [GET_MAIL_OPT_OUT, OPT_OUT_OF_MAIL, OPT_BACK_IN_TO_MAIL, CONFIRM_MAIL_ADDRESS];
