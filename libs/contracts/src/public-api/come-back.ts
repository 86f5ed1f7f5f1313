import { COME_BACK_MESSAGES, ZAlert, ZAlertCreate, ZFollows } from '../come-back.js';
import { API_ERRORS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { SERIES_MESSAGES, ZInvitedPrevious } from '../event-series.js';
import { z } from 'zod';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/*
 * A signed-in user's own follows and alerts (issue 34); whose they are comes from the session alone,
 * so nobody reads or changes another's (an alert id of someone else is a 404 like an unknown one).
 */

export const LIST_FOLLOWS = standsCall({
  method: 'GET',
  path: '/me/follows',
  summary: 'Veranstalter, denen ich folge',
  signIn: true,
  answers: [{ status: 200, description: 'Die IDs der Veranstalter.', schema: ZFollows }],
});

/** Follows an organiser ("Veranstalter folgen"); again and again the same. */
export const FOLLOW_ORGANIZER = standsCall({
  method: 'PUT',
  path: '/me/follows/organizers/:userId',
  summary: 'Veranstalter folgen',
  signIn: true,
  answers: [{ status: 204, description: 'Gefolgt, ohne Inhalt.' }],
  errors: { 400: [VALIDATION.invalidId, COME_BACK_MESSAGES.followSelf, COME_BACK_MESSAGES.tooManyFollows], 404: [COME_BACK_MESSAGES.organizerNotFound] },
});

/** Stops following (also when the caller did not follow). */
export const UNFOLLOW_ORGANIZER = standsCall({
  method: 'DELETE',
  path: '/me/follows/organizers/:userId',
  summary: 'Veranstalter nicht mehr folgen',
  signIn: true,
  answers: [{ status: 204, description: 'Entfolgt, ohne Inhalt.' }],
  errors: { 400: [VALIDATION.invalidId] },
});

/**
 * Takes back the opt-out of one follow's mails (the mail's link, „E-Mails abbestellen“): Einstellungen'
 * „E-Mails wieder erhalten“. Also when they were not off; 404 when the caller does not follow the organiser.
 */
export const RESUME_FOLLOW_MAILS = standsCall({
  method: 'DELETE',
  path: '/me/follows/organizers/:userId/mail-opt-out',
  summary: 'E-Mails eines Veranstalters wieder erhalten',
  signIn: true,
  answers: [{ status: 204, description: 'Wieder eingeschaltet, ohne Inhalt.' }],
  errors: { 404: [COME_BACK_MESSAGES.followNotFound] },
});

export const LIST_ALERTS = standsCall({
  method: 'GET',
  path: '/me/alerts',
  summary: 'Meine Flohmarkt-Alarme',
  signIn: true,
  answers: [{ status: 200, description: 'Die Alarme, der neueste zuerst.', schema: z.array(ZAlert) }],
});

/** A new alert for a place: the mails tell of new markets there (and with categories, of newly approved stands offering them). */
export const CREATE_ALERT = standsCall({
  method: 'POST',
  path: '/me/alerts',
  summary: 'Flohmarkt-Alarm anlegen',
  signIn: true,
  idempotent: true,
  body: ZAlertCreate,
  answers: [{ status: 201, description: 'Der angelegte Alarm.', schema: ZAlert }],
  errors: {
    400: [
      COME_BACK_MESSAGES.alertPlaceRequired,
      COME_BACK_MESSAGES.alertRadiusTooLarge,
      COME_BACK_MESSAGES.alertRadiusInvalid,
      COME_BACK_MESSAGES.tooManyAlerts,
    ],
  },
});

export const DELETE_ALERT = standsCall({
  method: 'DELETE',
  path: '/me/alerts/:id',
  summary: 'Flohmarkt-Alarm löschen',
  signIn: true,
  answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
  errors: { 400: [VALIDATION.invalidId], 404: [COME_BACK_MESSAGES.alertNotFound] },
});

/** Takes back the opt-out of one alert's mails, as RESUME_FOLLOW_MAILS; someone else's alert is a 404 like an unknown one. */
export const RESUME_ALERT_MAILS = standsCall({
  method: 'DELETE',
  path: '/me/alerts/:id/mail-opt-out',
  summary: 'E-Mails eines Flohmarkt-Alarms wieder erhalten',
  signIn: true,
  answers: [{ status: 204, description: 'Wieder eingeschaltet, ohne Inhalt.' }],
  errors: { 404: [COME_BACK_MESSAGES.alertNotFound] },
});

/** The calls of follows and alerts, in the order the OpenAPI document lists them. */

/**
 * "Frühere Aussteller einladen": the organiser (or an admin) mails the approved sellers of the previous
 * date of the series, or of the market this one was copied from, a link to register again pre-filled
 * (`/events/{id}/register-stand?from={standId}`). Each seller once per market: again, `invited: 0`.
 */
export const INVITE_PREVIOUS_SELLERS = standsCall({
  method: 'POST',
  path: '/events/:id/invite-previous',
  summary: 'Frühere Aussteller einladen',
  signIn: true,
  answers: [{ status: 200, description: 'Wie viele Aussteller jetzt eingeladen wurden.', schema: ZInvitedPrevious }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [API_ERRORS.forbidden],
    400: [SERIES_MESSAGES.noPreviousMarket, SERIES_MESSAGES.invitationsClosed],
  },
});

export const COME_BACK_CALLS: readonly PublicCall[] = [
  LIST_FOLLOWS,
  FOLLOW_ORGANIZER,
  UNFOLLOW_ORGANIZER,
  RESUME_FOLLOW_MAILS,
  LIST_ALERTS,
  CREATE_ALERT,
  DELETE_ALERT,
  RESUME_ALERT_MAILS,
  INVITE_PREVIOUS_SELLERS,
];
