import { z } from 'zod';
import { ZUser } from './user.js';

/*
 * Shapes and sentences of the auth service that the shared files do not have yet. (Kept in a file of
 * its own so that parallel work on user.ts and messages.ts never collides; they may move there.)
 */

/**
 * GET /api/users/{id}: the public user page. The e-mail is personal data: it is present only when
 * the caller is that user or an admin, and absent (not null) for everyone else.
 */
export const ZPublicUser = ZUser.omit({ email: true }).extend({ email: z.string().optional() });
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** Own German sentences of the user administration (one sentence each, "du" like API_ERRORS). */
export const USER_ADMIN_ERRORS = {
  cannotDeleteSelf: 'Du kannst dein eigenes Konto nicht löschen.',
  cannotChangeOwnRole: 'Du kannst deine eigene Rolle nicht ändern.',
  userIdRequired: 'Bitte gib an, zu welchem Benutzer das Profil gehört (userId).',
} as const;
