import { ACCOUNT_MESSAGES, ZAccountDelete, ZAccountExport } from '../account-export.js';
import { callsOf, type PublicCall } from './public-call.js';

const authCall = callsOf('auth');

/** The signed-in user's own data as one JSON download (no id in the path: only ever the caller's own). */
export const EXPORT_ACCOUNT = authCall({
  method: 'GET',
  path: '/me/export',
  summary: 'Meine Daten herunterladen',
  signIn: true,
  answers: [{ status: 200, description: 'Die Daten als Download.', schema: ZAccountExport }],
});

/** The signed-in user deletes their own account, confirmed with its e-mail; the session ends with it. */
export const DELETE_ACCOUNT = authCall({
  method: 'DELETE',
  path: '/me',
  summary: 'Eigenes Konto löschen',
  signIn: true,
  endsSession: true,
  body: ZAccountDelete,
  answers: [{ status: 204, description: 'Gelöscht und abgemeldet, ohne Inhalt.' }],
  errors: { 400: [ACCOUNT_MESSAGES.confirmMismatch], 409: [ACCOUNT_MESSAGES.upcomingEvents] },
});

/** The account calls, in the order the OpenAPI document lists them. */
export const ACCOUNT_CALLS: readonly PublicCall[] = [EXPORT_ACCOUNT, DELETE_ACCOUNT];
