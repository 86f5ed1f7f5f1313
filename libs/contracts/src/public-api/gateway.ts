import { z } from 'zod';
import { ZAuthUser } from '../user.js';
import { ZHealth } from './components.js';
import { callsOf, type PublicCall } from './public-call.js';

const gatewayCall = callsOf('gateway');

/** A browser starts signing in (OpenID Connect with PKCE); limited per address. */
export const SIGN_IN = gatewayCall({
  method: 'GET',
  path: '/login',
  summary: 'Anmelden',
  rateLimit: 'signIn',
  query: z.object({ returnTo: z.string().optional() }),
  answers: [{ status: 302, description: 'Weiter zum Anmeldedienst.' }],
});

/** The identity provider sends the browser back here with the code of the sign-in begun at SIGN_IN. */
export const SIGN_IN_CALLBACK = gatewayCall({
  method: 'GET',
  path: '/callback',
  summary: 'Rückkehr vom Anmeldedienst',
  query: z.object({ code: z.string(), state: z.string() }),
  answers: [{ status: 302, description: 'Angemeldet: weiter zu `returnTo`. Ohne begonnene Anmeldung: weiter zu `/api/login`.' }],
  errors: { 400: [], 409: [] },
});

/** Ends the session here and at the provider; never from another site. */
export const SIGN_OUT = gatewayCall({
  method: 'GET',
  path: '/logout',
  summary: 'Abmelden',
  answeredByGatewayAlone: true,
  answers: [{ status: 302, description: 'Weiter zum Abmelden beim Anmeldedienst, danach auf `/`.' }],
});

/** The session's user with their role as it is now. */
export const GET_SESSION_USER = gatewayCall({
  method: 'GET',
  path: '/auth/user',
  summary: 'Angemeldeter Benutzer',
  signIn: true,
  answers: [{ status: 200, description: 'Der angemeldete Benutzer.', schema: ZAuthUser }],
});

/** Whether every service and Redis answer (for load balancers and operators). */
export const GET_HEALTH = gatewayCall({
  method: 'GET',
  path: '/health',
  summary: 'Betriebsbereitschaft',
  answeredByGatewayAlone: true,
  answers: [
    { status: 200, description: 'Alles bereit.', schema: ZHealth },
    { status: 503, description: 'Nicht bereit: `missing` nennt, was fehlt.', schema: ZHealth },
  ],
});

/** The gateway calls, in the order the OpenAPI document lists them. */
export const GATEWAY_CALLS: readonly PublicCall[] = [SIGN_IN, SIGN_IN_CALLBACK, SIGN_OUT, GET_SESSION_USER, GET_HEALTH];
