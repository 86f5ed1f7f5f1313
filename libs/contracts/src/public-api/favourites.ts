import { FAVOURITE_MESSAGES, ZFavouriteQuery, ZFavourites } from '../favourites.js';
import { API_ERRORS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const authCall = callsOf('auth');

/** The signed-in user's Merkliste: the ids of the events and stands they keep. */
export const LIST_FAVOURITES = authCall({
  method: 'GET',
  path: '/me/favourites',
  summary: 'Meine Merkliste',
  signIn: true,
  answers: [{ status: 200, description: 'Die IDs je Art.', schema: ZFavourites }],
});

/**
 * The signed-in user keeps an event or a stand (`kind`: events or stands); again and again the same.
 * For an event, `remind=true|false` switches the reminder mail of the evening before on or off.
 */
export const ADD_FAVOURITE = authCall({
  method: 'PUT',
  path: '/me/favourites/:kind/:id',
  summary: 'Flohmarkt oder Stand merken (Flohmarkt: mit Erinnerung am Vorabend)',
  signIn: true,
  query: ZFavouriteQuery,
  answers: [{ status: 204, description: 'Gemerkt, ohne Inhalt.' }],
  errors: {
    400: [VALIDATION.invalidId, FAVOURITE_MESSAGES.tooMany, FAVOURITE_MESSAGES.invalidRemind, FAVOURITE_MESSAGES.remindEventsOnly],
    404: [API_ERRORS.notFound],
  },
});

/** The signed-in user drops an entry of their Merkliste (also when it was not there), an event with its reminder. */
export const REMOVE_FAVOURITE = authCall({
  method: 'DELETE',
  path: '/me/favourites/:kind/:id',
  summary: 'Von der Merkliste nehmen',
  signIn: true,
  answers: [{ status: 204, description: 'Entfernt, ohne Inhalt.' }],
  errors: { 400: [VALIDATION.invalidId], 404: [API_ERRORS.notFound] },
});

/** The favourites calls, in the order the OpenAPI document lists them. */
export const FAVOURITES_CALLS: readonly PublicCall[] = [LIST_FAVOURITES, ADD_FAVOURITE, REMOVE_FAVOURITE];
