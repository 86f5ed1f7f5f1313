import { GET_GUEST_STAND, WITHDRAW_GUEST_STAND } from '@flohmarkt/contracts';
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
  docOf(WITHDRAW_GUEST_STAND, {
    description: 'Der Stand verschwindet aus allen Listen, der Link ist danach verbraucht (ein zweiter Aufruf antwortet 404).',
    params: TOKEN,
  }),
];
