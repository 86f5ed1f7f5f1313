import { API_ERRORS } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_GUEST_STAND } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const TOKEN = { token: 'Der Schlüssel aus dem privaten Verwaltungslink (`/anmeldung/{token}`), 22 Zeichen.' };

/** A guest's own registration through the private manage link (stands service): no account, the token is the key. */
export const GUEST_DOCS: RouteDocTable = {
  'GET /guest-stands/:token': {
    summary: 'Eigene Gastanmeldung lesen',
    description: 'Status (bei „Abgelehnt“ mit dem Grund des Organisators), die angegebenen Felder, die E-Mail-Adresse und der Flohmarkt.',
    params: TOKEN,
    answers: [
      {
        status: 200,
        description: 'Die Anmeldung.',
        schema: 'GuestStandView',
        example: {
          ...EXAMPLE_GUEST_STAND,
          guestEmail: 'juergen.schaefer@example.org',
          eventName: EXAMPLE_EVENT.name,
          event: {
            id: EXAMPLE_EVENT.id,
            name: EXAMPLE_EVENT.name,
            location: EXAMPLE_EVENT.location,
            startDateTime: EXAMPLE_EVENT.startDateTime,
            endDateTime: EXAMPLE_EVENT.endDateTime,
            status: 'planned',
          },
        },
      },
    ],
    errors: { 404: [API_ERRORS.guestStandNotFound] },
  },
  'DELETE /guest-stands/:token': {
    summary: 'Eigene Gastanmeldung zurückziehen',
    description: 'Der Stand verschwindet aus allen Listen, der Link ist danach verbraucht (ein zweiter Aufruf antwortet 404).',
    params: TOKEN,
    answers: [{ status: 204, description: 'Zurückgezogen, ohne Inhalt.' }],
    errors: { 404: [API_ERRORS.guestStandNotFound] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const GUEST_CALL_DOCS: readonly CallDocEntry[] = [];
