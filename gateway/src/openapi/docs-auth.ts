import { z } from 'zod';
import { API_ERRORS, ROLES, USER_ADMIN_ERRORS, VALIDATION } from '@flohmarkt/contracts';
import { EXAMPLE_EXHIBITOR, EXAMPLE_IDS, EXAMPLE_PROFILE, EXAMPLE_USER } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const USER_ID = { id: 'Die ID des Benutzers (UUID).' };
const PROFILE_BODY = { bio: EXAMPLE_PROFILE.bio, specialties: EXAMPLE_PROFILE.specialties, kleinanzeigenUrl: null, vintedUrl: EXAMPLE_PROFILE.vintedUrl };

/** The auth service: users, roles and exhibitor profiles. */
export const AUTH_DOCS: RouteDocTable = {
  'GET /users/:id': {
    summary: 'Einen Benutzer lesen',
    description:
      'Öffentlich. Die E-Mail-Adresse steht nur für den Benutzer selbst und für Admins in der Antwort. Ist sein Profil privat, antworten alle anderen mit 404.',
    params: USER_ID,
    answers: [{ status: 200, description: 'Der Benutzer.', schema: 'User', example: EXAMPLE_USER }],
    errors: { 404: [API_ERRORS.userNotFound] },
  },
  'PUT /users/:id': {
    summary: 'Eigenen Namen ändern',
    description: 'Nur der Benutzer selbst (auch Admins nicht für andere). E-Mail und Rolle lassen sich hier nicht ändern.',
    params: USER_ID,
    body: { schema: 'UserUpdate', example: { firstName: 'Anna', lastName: 'Becker-Schmitz' } },
    answers: [{ status: 200, description: 'Der gespeicherte Benutzer.', schema: 'User', example: { ...EXAMPLE_USER, lastName: 'Becker-Schmitz' } }],
    errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.firstNameRequired, VALIDATION.lastNameTooLong] },
  },
  'GET /exhibitor-profiles': {
    summary: 'Ausstellerprofil eines Benutzers',
    description: 'Eine Liste mit dem Profil des Benutzers, leer, wenn er keines hat oder es privat ist (außer für ihn selbst und Admins).',
    query: {
      schema: z.object({ userId: z.string() }),
      descriptions: { userId: 'Die ID des Benutzers (UUID).' },
      examples: { userId: EXAMPLE_IDS.exhibitor },
    },
    answers: [{ status: 200, description: 'Das Profil (höchstens eines).', schema: 'ExhibitorProfile', list: true, example: [EXAMPLE_PROFILE] }],
    errors: { 400: [USER_ADMIN_ERRORS.userIdRequired] },
  },
  'POST /exhibitor-profiles': {
    summary: 'Eigenes Ausstellerprofil anlegen',
    description: 'Eines je Benutzer; Änderungen gehen über PUT. `userId` im Body wird ignoriert. `visibility`: `public` (Standard) oder `private`.',
    body: { schema: 'ExhibitorProfileCreate', example: PROFILE_BODY },
    answers: [{ status: 201, description: 'Das angelegte Profil.', schema: 'ExhibitorProfile', example: EXAMPLE_PROFILE }],
    errors: { 400: [VALIDATION.invalidUrl, VALIDATION.tooManySpecialties], 409: [API_ERRORS.profileExists] },
  },
  'PUT /exhibitor-profiles/:id': {
    summary: 'Eigenes Ausstellerprofil bearbeiten',
    description:
      'Nur der Inhaber, auch Admins nicht. Ein weggelassenes Feld behält seinen Wert, `null` oder leer löscht es. `visibility: private` macht Ausstellerseite, Benutzerseite und die Stand- und Bewertungslisten des Benutzers für andere unsichtbar (404 bzw. leer); seine Stände verlinken nicht mehr auf ihn.',
    params: { id: 'Die ID des Profils (UUID).' },
    body: { schema: 'ExhibitorProfileUpdate', example: PROFILE_BODY },
    answers: [{ status: 200, description: 'Das gespeicherte Profil.', schema: 'ExhibitorProfile', example: EXAMPLE_PROFILE }],
    errors: { 404: [API_ERRORS.profileNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidUrl, VALIDATION.invalidProfileVisibility] },
  },
  'GET /exhibitors/:id': {
    summary: 'Ausstellerseite',
    description:
      'Öffentlich; nimmt eine Benutzer-ID. Ein Benutzer ohne Profil antwortet mit leeren Profilfeldern; ein privates Profil ist für alle außer dem Benutzer und Admins 404.',
    params: USER_ID,
    answers: [{ status: 200, description: 'Der Aussteller mit Profil und Kennzahlen.', schema: 'Exhibitor', example: EXAMPLE_EXHIBITOR }],
    errors: { 404: [API_ERRORS.userNotFound] },
  },
  'GET /admin/users': {
    summary: 'Alle Benutzer (Admin)',
    description: 'Nur Admins: jeder Benutzer mit Rolle und E-Mail, neueste zuerst; `q` und `role` grenzen die Liste ein.',
    query: {
      schema: z.object({ q: z.string().max(200).optional(), role: z.enum(ROLES).optional() }),
      descriptions: {
        q: 'Ein Teil von E-Mail, Vorname, Nachname oder vollem Namen (Groß- und Kleinschreibung egal; höchstens 200 Zeichen).',
        role: 'Nur Benutzer mit dieser Rolle.',
      },
      examples: { q: 'müller', role: 'organizer' },
    },
    answers: [{ status: 200, description: 'Die Benutzer.', schema: 'AdminUser', list: true, example: [{ ...EXAMPLE_USER, eventCount: 0, standCount: 7 }] }],
    errors: { 403: [API_ERRORS.forbidden], 400: ['Unbekannte Rolle.'] },
  },
  'DELETE /admin/users/:id': {
    summary: 'Benutzer löschen (Admin)',
    description: 'Nur Admins, nie das eigene Konto. Profil, Flohmärkte, Stände und Bewertungen des Benutzers gehen mit.',
    params: USER_ID,
    answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
    errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 409: [USER_ADMIN_ERRORS.cannotDeleteSelf] },
  },
  'PATCH /admin/users/:id/role': {
    summary: 'Rolle eines Benutzers ändern (Admin)',
    description: 'Nur Admins, nie die eigene Rolle. Die neue Rolle gilt ab dem nächsten Aufruf des Benutzers.',
    params: USER_ID,
    body: { schema: 'RoleUpdate', example: { role: 'organizer' } },
    answers: [{ status: 200, description: 'Der Benutzer mit der neuen Rolle.', schema: 'AdminUser', example: { ...EXAMPLE_USER, role: 'organizer' } }],
    errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidRole], 409: [USER_ADMIN_ERRORS.cannotChangeOwnRole] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const AUTH_CALL_DOCS: readonly CallDocEntry[] = [];
