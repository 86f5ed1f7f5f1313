import { API_ERRORS, GET_HEALTH, GET_SESSION_USER, SIGN_IN, SIGN_IN_CALLBACK, SIGN_OUT } from '@flohmarkt/contracts';
import { EXAMPLE_USER } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader } from './answer-headers.js';

const { createdAt: _created, updatedAt: _updated, ...AUTH_USER } = EXAMPLE_USER;
const REDIRECT = { Location: textHeader('Wohin der Browser weitergeleitet wird.') };
const HEALTHY = { status: 'ok', services: { auth: 'up', events: 'up', stands: 'up', media: 'up' }, redis: 'up' };

/** The calls the gateway answers itself: declared in libs/contracts/src/public-api/gateway.ts. */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const GATEWAY_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(SIGN_IN, {
    description:
      'Für den Browser: leitet zum Anmeldedienst (OpenID Connect, PKCE) weiter, der danach `/api/callback` aufruft. ' +
      'Je Adresse 30 Anmeldeversuche in 5 Minuten.',
    query: {
      descriptions: { returnTo: 'Ein Pfad dieser Website, auf dem der Browser nach der Anmeldung landet (Standard `/`).' },
      examples: { returnTo: '/events/3f6c2a8e-5b1d-4c7a-9e21-7d4b8a0f1c35' },
    },
    headers: { 302: REDIRECT },
  }),
  docOf(SIGN_IN_CALLBACK, {
    description:
      'Nur für den Anmeldedienst: tauscht den Code gegen die Identität, legt eine neue Sitzung an (neues Cookie) und leitet zu `returnTo` weiter. ' +
      'Gehört die E-Mail-Adresse schon einem Konto mit anderem Zugang, antwortet der Aufruf 409.',
    query: { descriptions: { code: 'Der Autorisierungscode des Anmeldedienstes.', state: 'Der Wert, den `/api/login` mitgegeben hat.' } },
    headers: { 302: REDIRECT },
  }),
  docOf(SIGN_OUT, {
    description:
      'Beendet die Sitzung hier und beim Anmeldedienst, ohne Rückfrage, und landet auf `/`. Von einer anderen Website aus (`Sec-Fetch-Site: cross-site` oder `same-site`) beendet der Aufruf nichts und führt nur auf `/`.',
    headers: { 302: REDIRECT },
  }),
  docOf(GET_SESSION_USER, {
    description: 'Der Benutzer der Sitzung mit seiner Rolle, wie sie jetzt ist: eine Rollenänderung gilt sofort.',
    examples: { 200: AUTH_USER },
  }),
  docOf(GET_HEALTH, {
    description: '200 nur, wenn jeder Dienst und Redis antworten; sonst 503 mit den fehlenden.',
    examples: {
      200: HEALTHY,
      503: {
        message: API_ERRORS.serviceUnavailable,
        status: 'unavailable',
        missing: ['media'],
        services: { ...HEALTHY.services, media: 'down' },
        redis: 'up',
      },
    },
  }),
];
