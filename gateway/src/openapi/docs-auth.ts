import {
  CHANGE_USER_ROLE,
  CREATE_EXHIBITOR_PROFILE,
  DELETE_ADMIN_USER,
  GET_EXHIBITOR,
  GET_USER,
  LIST_ADMIN_USERS,
  LIST_EXHIBITOR_PROFILES,
  UPDATE_EXHIBITOR_PROFILE,
  UPDATE_USER,
} from '@flohmarkt/contracts';
import { EXAMPLE_EXHIBITOR, EXAMPLE_IDS, EXAMPLE_PROFILE, EXAMPLE_USER } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { USER_ID } from './path-params.js';

const PROFILE_BODY = { bio: EXAMPLE_PROFILE.bio, specialties: EXAMPLE_PROFILE.specialties, kleinanzeigenUrl: null, vintedUrl: EXAMPLE_PROFILE.vintedUrl };

/** The auth service: users, roles and exhibitor profiles (all declared in libs/contracts/src/public-api/auth.ts). */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const AUTH_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(GET_USER, {
    description:
      'Öffentlich. Die E-Mail-Adresse steht nur für den Benutzer selbst und für Admins in der Antwort. Ist sein Profil privat, antworten alle anderen mit 404.',
    params: USER_ID,
    examples: { 200: EXAMPLE_USER },
  }),
  docOf(UPDATE_USER, {
    description: 'Nur der Benutzer selbst (auch Admins nicht für andere). E-Mail und Rolle lassen sich hier nicht ändern.',
    params: USER_ID,
    bodyExample: { firstName: 'Anna', lastName: 'Becker-Schmitz' },
    examples: { 200: { ...EXAMPLE_USER, lastName: 'Becker-Schmitz' } },
  }),
  docOf(LIST_EXHIBITOR_PROFILES, {
    description: 'Eine Liste mit dem Profil des Benutzers, leer, wenn er keines hat oder es privat ist (außer für ihn selbst und Admins).',
    query: { descriptions: { userId: USER_ID.id }, examples: { userId: EXAMPLE_IDS.exhibitor } },
    examples: { 200: [EXAMPLE_PROFILE] },
  }),
  docOf(CREATE_EXHIBITOR_PROFILE, {
    description: 'Eines je Benutzer; Änderungen gehen über PUT. `userId` im Body wird ignoriert. `visibility`: `public` (Standard) oder `private`.',
    bodyExample: PROFILE_BODY,
    examples: { 201: EXAMPLE_PROFILE },
  }),
  docOf(UPDATE_EXHIBITOR_PROFILE, {
    description:
      'Nur der Inhaber, auch Admins nicht. Ein weggelassenes Feld behält seinen Wert, `null` oder leer löscht es. `visibility: private` macht Ausstellerseite, Benutzerseite und die Stand- und Bewertungslisten des Benutzers für andere unsichtbar (404 bzw. leer); seine Stände verlinken nicht mehr auf ihn.',
    params: { id: 'Die ID des Profils (UUID).' },
    bodyExample: PROFILE_BODY,
    examples: { 200: EXAMPLE_PROFILE },
  }),
  docOf(GET_EXHIBITOR, {
    description:
      'Öffentlich; nimmt eine Benutzer-ID. Ein Benutzer ohne Profil antwortet mit leeren Profilfeldern; ein privates Profil ist für alle außer dem Benutzer und Admins 404.',
    params: USER_ID,
    examples: { 200: EXAMPLE_EXHIBITOR },
  }),
  docOf(LIST_ADMIN_USERS, {
    description: 'Nur Admins: jeder Benutzer mit Rolle und E-Mail, neueste zuerst; `q` und `role` grenzen die Liste ein.',
    query: {
      descriptions: {
        q: 'Ein Teil von E-Mail, Vorname, Nachname oder vollem Namen (Groß- und Kleinschreibung egal; höchstens 200 Zeichen).',
        role: 'Nur Benutzer mit dieser Rolle.',
      },
      examples: { q: 'müller', role: 'organizer' },
    },
    examples: { 200: [{ ...EXAMPLE_USER, eventCount: 0, standCount: 7 }] },
  }),
  docOf(DELETE_ADMIN_USER, {
    description: 'Nur Admins, nie das eigene Konto. Profil, Flohmärkte, Stände und Bewertungen des Benutzers gehen mit.',
    params: USER_ID,
  }),
  docOf(CHANGE_USER_ROLE, {
    description: 'Nur Admins, nie die eigene Rolle. Die neue Rolle gilt ab dem nächsten Aufruf des Benutzers.',
    params: USER_ID,
    bodyExample: { role: 'organizer' },
    examples: { 200: { ...EXAMPLE_USER, role: 'organizer' } },
  }),
];
