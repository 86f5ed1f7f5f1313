import { z } from 'zod';
import { ZId } from './fields.js';

/*
 * Favourites (issue 19, "Merkliste"): events and stands a signed-in user keeps. Without an account
 * the browser keeps them; after sign-in the web app merges them into the server's list with PUT (each
 * call idempotent). Ids are stored as given: a deleted event or stand leaves the list by the owner's
 * EventDeleted / StandDeleted message, never by a synchronous check.
 */

const FAVOURITE_KINDS = ['events', 'stands'] as const;
export const ZFavouriteKind = z.enum(FAVOURITE_KINDS);
export type TFavouriteKind = z.infer<typeof ZFavouriteKind>;

/**
 * GET /api/me/favourites: the ids, the most recently added first; `reminders`: the kept events whose
 * reminder the evening before is on ("Am Vorabend erinnern", issue 34).
 */
export const ZFavourites = z.object({ events: z.array(ZId), stands: z.array(ZId), reminders: z.array(ZId) });
export type TFavourites = z.infer<typeof ZFavourites>;

/** The most entries one user may keep per kind; a PUT beyond it is a 400. */
export const FAVOURITES_MAX_PER_KIND = 1000;

/** Own German sentences of the favourites ("du" like API_ERRORS). */
export const FAVOURITE_MESSAGES = {
  tooMany: `Deine Merkliste ist voll (höchstens ${FAVOURITES_MAX_PER_KIND} Einträge). Entferne zuerst etwas.`,
  invalidRemind: 'remind ist true oder false.',
  remindEventsOnly: 'Erinnern kann dich die Plattform nur an Flohmärkte, nicht an einzelne Stände.',
} as const;

/**
 * The query of PUT /api/me/favourites/{kind}/{id}: `remind=true` keeps the event and switches its
 * reminder on, `remind=false` keeps it and switches it off, left out keeps the reminder as it was.
 * Only for kind `events` (a stand with `remind` is a 400).
 */
export const ZFavouriteQuery = z.object({
  remind: z
    .enum(['true', 'false'], { error: FAVOURITE_MESSAGES.invalidRemind })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
