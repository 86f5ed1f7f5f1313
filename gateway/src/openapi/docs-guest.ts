import { GET_GUEST_STAND, GET_GUEST_STAND_CALENDAR, WITHDRAW_GUEST_STAND } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_GUEST_STAND } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';

const TOKEN = { token: 'Der Schlüssel aus dem privaten Verwaltungslink (`/anmeldung/{token}`), 22 Zeichen.' };

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const GUEST_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(GET_GUEST_STAND, {
    description: 'Status (bei „Abgelehnt“ mit dem Grund des Organisators), die angegebenen Felder, die E-Mail-Adresse und der Flohmarkt.',
    params: TOKEN,
    examples: {
      200: {
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
  }),
  docOf(GET_GUEST_STAND_CALENDAR, {
    description:
      '„In meinen Kalender“ für Gäste: wie `GET /stands/{id}/calendar.ics` – die Zeiten des Markts, die eigene Adresse als Ort, der Status und ' +
      'eine Erinnerung um 18 Uhr am Vorabend. Nie aus einem gemeinsamen Cache (`Cache-Control: private, no-store`).',
    params: TOKEN,
  }),
  docOf(WITHDRAW_GUEST_STAND, {
    description: 'Der Stand verschwindet aus allen Listen, der Link ist danach verbraucht (ein zweiter Aufruf antwortet 404).',
    params: TOKEN,
  }),
];
