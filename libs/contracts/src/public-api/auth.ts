import { z } from 'zod';
import { ADMIN_SEARCH_TOO_LONG, ZAdminSearch } from '../admin-search.js';
import { ZExhibitor, ZExhibitorProfile, ZExhibitorProfileCreate, ZExhibitorProfileUpdate } from '../exhibitor-profile.js';
import { USER_ADMIN_ERRORS, ZPublicUser } from '../internal-auth.js';
import { API_ERRORS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { ROLES, ZAdminUser, ZRoleUpdate, ZUserUpdate } from '../user.js';
import { callsOf, type PublicCall } from './public-call.js';

const authCall = callsOf('auth');

/** A user's page, for everyone (the e-mail only for the user and admins; a private profile's user is 404 to others). */
export const GET_USER = authCall({
  method: 'GET',
  path: '/users/:id',
  summary: 'Einen Benutzer lesen',
  answers: [{ status: 200, description: 'Der Benutzer.', schema: ZPublicUser }],
  errors: { 404: [API_ERRORS.userNotFound] },
});

/** The user's own name change: only the user themselves, admins not for others. */
export const UPDATE_USER = authCall({
  method: 'PUT',
  path: '/users/:id',
  summary: 'Eigenen Namen ändern',
  signIn: true,
  body: ZUserUpdate,
  answers: [{ status: 200, description: 'Der gespeicherte Benutzer.', schema: ZPublicUser }],
  errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.firstNameRequired, VALIDATION.lastNameTooLong] },
});

/**
 * A user's exhibitor profile, for everyone: a list of at most one, empty for another's private one.
 * `userId` is required: a blank or repeated one is a 400 with its own sentence.
 */
export const LIST_EXHIBITOR_PROFILES = authCall({
  method: 'GET',
  path: '/exhibitor-profiles',
  summary: 'Ausstellerprofil eines Benutzers',
  query: z.object({
    userId: z.string({ error: USER_ADMIN_ERRORS.userIdRequired }).trim().min(1, { error: USER_ADMIN_ERRORS.userIdRequired }),
  }),
  answers: [{ status: 200, description: 'Das Profil (höchstens eines).', schema: ZExhibitorProfile, list: true }],
  errors: { 400: [USER_ADMIN_ERRORS.userIdRequired] },
});

/** The signed-in user's own profile, once (a second is 409); the owner comes from the session. */
export const CREATE_EXHIBITOR_PROFILE = authCall({
  method: 'POST',
  path: '/exhibitor-profiles',
  summary: 'Eigenes Ausstellerprofil anlegen',
  signIn: true,
  body: ZExhibitorProfileCreate,
  answers: [{ status: 201, description: 'Das angelegte Profil.', schema: ZExhibitorProfile }],
  errors: { 400: [VALIDATION.invalidUrl, VALIDATION.tooManySpecialties], 409: [API_ERRORS.profileExists] },
});

/** The owner's change of their profile (admins not). */
export const UPDATE_EXHIBITOR_PROFILE = authCall({
  method: 'PUT',
  path: '/exhibitor-profiles/:id',
  summary: 'Eigenes Ausstellerprofil bearbeiten',
  signIn: true,
  body: ZExhibitorProfileUpdate,
  answers: [{ status: 200, description: 'Das gespeicherte Profil.', schema: ZExhibitorProfile }],
  errors: { 404: [API_ERRORS.profileNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidUrl, VALIDATION.invalidProfileVisibility] },
});

/** The public exhibitor page of a user (by user id), with the profile's figures. */
export const GET_EXHIBITOR = authCall({
  method: 'GET',
  path: '/exhibitors/:id',
  summary: 'Ausstellerseite',
  answers: [{ status: 200, description: 'Der Aussteller mit Profil und Kennzahlen.', schema: ZExhibitor }],
  errors: { 404: [API_ERRORS.userNotFound] },
});

const UNKNOWN_ROLE = 'Unbekannte Rolle.';

/**
 * `?q=&role=` of the admin's user list: `q` trimmed (blank is no search, given twice a 400), `role`
 * one role or '' for all; each mistake a 400 with its own sentence.
 */
export const ZAdminUserQuery = z.object({
  q: ZAdminSearch,
  role: z
    .enum(['', ...ROLES], { error: UNKNOWN_ROLE })
    .optional()
    .transform((role) => role || null),
});
export type TAdminUserQuery = z.output<typeof ZAdminUserQuery>;

/** Every user, for admins only; `q` and `role` narrow the list. */
export const LIST_ADMIN_USERS = authCall({
  method: 'GET',
  path: '/admin/users',
  summary: 'Alle Benutzer (Admin)',
  signIn: true,
  query: ZAdminUserQuery,
  answers: [{ status: 200, description: 'Die Benutzer.', schema: ZAdminUser, list: true }],
  errors: { 403: [API_ERRORS.forbidden], 400: [UNKNOWN_ROLE, ADMIN_SEARCH_TOO_LONG] },
});

/** An admin deletes another user (never their own account) with everything of theirs. */
export const DELETE_ADMIN_USER = authCall({
  method: 'DELETE',
  path: '/admin/users/:id',
  summary: 'Benutzer löschen (Admin)',
  signIn: true,
  answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
  errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 409: [USER_ADMIN_ERRORS.cannotDeleteSelf] },
});

/** An admin changes another user's role (never their own). */
export const CHANGE_USER_ROLE = authCall({
  method: 'PATCH',
  path: '/admin/users/:id/role',
  summary: 'Rolle eines Benutzers ändern (Admin)',
  signIn: true,
  body: ZRoleUpdate,
  answers: [{ status: 200, description: 'Der Benutzer mit der neuen Rolle.', schema: ZAdminUser }],
  errors: { 404: [API_ERRORS.userNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidRole], 409: [USER_ADMIN_ERRORS.cannotChangeOwnRole] },
});

/** The auth calls, in the order the OpenAPI document lists them. */
export const AUTH_CALLS: readonly PublicCall[] = [
  GET_USER,
  UPDATE_USER,
  LIST_EXHIBITOR_PROFILES,
  CREATE_EXHIBITOR_PROFILE,
  UPDATE_EXHIBITOR_PROFILE,
  GET_EXHIBITOR,
  LIST_ADMIN_USERS,
  DELETE_ADMIN_USER,
  CHANGE_USER_ROLE,
];
