import { z } from 'zod';
import { API_ERRORS } from '@flohmarkt/contracts';
import { EXAMPLE_USER } from './examples.js';
import type { CallDocEntry, DocumentedRoute, RouteDocTable } from './route-doc.js';

/**
 * The calls the gateway answers itself (sign-in, the session's user, health), beside the route
 * table's. A new controller route under /api belongs here too; the document test lists both.
 */
export const GATEWAY_ROUTES: DocumentedRoute[] = [
  { method: 'GET', path: '/login', tag: 'gateway', rateLimitMessage: API_ERRORS.tooManyRequests, forwarded: true },
  { method: 'GET', path: '/callback', tag: 'gateway', forwarded: true },
  { method: 'GET', path: '/logout', tag: 'gateway', forwarded: false },
  { method: 'GET', path: '/auth/user', tag: 'gateway', signIn: true, forwarded: true },
  { method: 'GET', path: '/health', tag: 'gateway', forwarded: false },
];

const { createdAt: _created, updatedAt: _updated, ...AUTH_USER } = EXAMPLE_USER;
const REDIRECT = { Location: { description: 'Wohin der Browser weitergeleitet wird.', schema: { type: 'string' } } };

export const GATEWAY_DOCS: RouteDocTable = {
  'GET /login': {
    summary: 'Anmelden',
    description:
      'Für den Browser: leitet zum Anmeldedienst (OpenID Connect, PKCE) weiter, der danach `/api/callback` aufruft. ' +
      'Je Adresse 30 Anmeldeversuche in 5 Minuten.',
    query: {
      schema: z.object({ returnTo: z.string().optional() }),
      descriptions: { returnTo: 'Ein Pfad dieser Website, auf dem der Browser nach der Anmeldung landet (Standard `/`).' },
      examples: { returnTo: '/events/3f6c2a8e-5b1d-4c7a-9e21-7d4b8a0f1c35' },
    },
    answers: [{ status: 302, description: 'Weiter zum Anmeldedienst.', headers: REDIRECT }],
  },
  'GET /callback': {
    summary: 'Rückkehr vom Anmeldedienst',
    description:
      'Nur für den Anmeldedienst: tauscht den Code gegen die Identität, legt eine neue Sitzung an (neues Cookie) und leitet zu `returnTo` weiter. ' +
      'Gehört die E-Mail-Adresse schon einem Konto mit anderem Zugang, antwortet der Aufruf 409.',
    query: {
      schema: z.object({ code: z.string(), state: z.string() }),
      descriptions: { code: 'Der Autorisierungscode des Anmeldedienstes.', state: 'Der Wert, den `/api/login` mitgegeben hat.' },
    },
    answers: [{ status: 302, description: 'Angemeldet: weiter zu `returnTo`. Ohne begonnene Anmeldung: weiter zu `/api/login`.', headers: REDIRECT }],
    errors: { 400: [], 409: [] },
  },
  'GET /logout': {
    summary: 'Abmelden',
    description:
      'Beendet die Sitzung hier und beim Anmeldedienst, ohne Rückfrage, und landet auf `/`. Von einer anderen Website aus (`Sec-Fetch-Site: cross-site` oder `same-site`) beendet der Aufruf nichts und führt nur auf `/`.',
    answers: [{ status: 302, description: 'Weiter zum Abmelden beim Anmeldedienst, danach auf `/`.', headers: REDIRECT }],
  },
  'GET /auth/user': {
    summary: 'Angemeldeter Benutzer',
    description: 'Der Benutzer der Sitzung mit seiner Rolle, wie sie jetzt ist: eine Rollenänderung gilt sofort.',
    answers: [{ status: 200, description: 'Der angemeldete Benutzer.', schema: 'AuthUser', example: AUTH_USER }],
  },
  'GET /health': {
    summary: 'Betriebsbereitschaft',
    description: '200 nur, wenn jeder Dienst und Redis antworten; sonst 503 mit den fehlenden.',
    answers: [
      {
        status: 200,
        description: 'Alles bereit.',
        schema: 'Health',
        example: { status: 'ok', services: { auth: 'up', events: 'up', stands: 'up', media: 'up' }, redis: 'up' },
      },
    ],
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const GATEWAY_CALL_DOCS: readonly CallDocEntry[] = [];
