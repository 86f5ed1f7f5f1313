import { z } from 'zod';
import { ITEM_MESSAGES, ZItem, ZItemCreate, ZItemSearchHit, ZItemSearchQuery, ZItemUpdate } from '../items.js';
import { API_ERRORS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/*
 * A stand's highlight items (issue 35). Written by whoever may edit the stand (its owner, the
 * organiser, an admin) or by a guest with the stand's manage token in `X-Manage-Token`.
 */

/** Anyone who may read the stand: its items, the newest first (an approved stand's for everyone). */
export const LIST_STAND_ITEMS = standsCall({
  method: 'GET',
  path: '/stands/:id/items',
  summary: 'Die Angebote eines Stands',
  answers: [{ status: 200, description: 'Die Angebote, das neueste zuerst.', schema: z.array(ZItem) }],
  errors: { 404: [API_ERRORS.standNotFound] },
});

export const CREATE_ITEM = standsCall({
  method: 'POST',
  path: '/stands/:id/items',
  summary: 'Angebot eintragen',
  signIn: 'or-manage-token',
  idempotent: true,
  body: ZItemCreate,
  answers: [{ status: 201, description: 'Das eingetragene Angebot.', schema: ZItem }],
  errors: {
    404: [API_ERRORS.standNotFound],
    403: [ITEM_MESSAGES.editForbidden],
    400: [ITEM_MESSAGES.titleRequired, ITEM_MESSAGES.priceInvalid, VALIDATION.invalidStandCategory, ITEM_MESSAGES.tooMany, ITEM_MESSAGES.standNotListing],
  },
});

export const UPDATE_ITEM = standsCall({
  method: 'PUT',
  path: '/items/:id',
  summary: 'Angebot ändern oder als verkauft markieren',
  signIn: 'or-manage-token',
  body: ZItemUpdate,
  answers: [{ status: 200, description: 'Das gespeicherte Angebot.', schema: ZItem }],
  errors: { 404: [ITEM_MESSAGES.itemNotFound], 403: [ITEM_MESSAGES.editForbidden], 400: [ITEM_MESSAGES.titleRequired, ITEM_MESSAGES.priceInvalid] },
});

export const DELETE_ITEM = standsCall({
  method: 'DELETE',
  path: '/items/:id',
  summary: 'Angebot entfernen',
  signIn: 'or-manage-token',
  answers: [{ status: 204, description: 'Entfernt, ohne Inhalt.' }],
  errors: { 404: [ITEM_MESSAGES.itemNotFound], 403: [ITEM_MESSAGES.editForbidden] },
});

/** Anyone: items and stand descriptions of approved stands at upcoming markets near a place; the total in X-Total-Count. */
export const SEARCH_ITEMS = standsCall({
  method: 'GET',
  path: '/items/search',
  summary: 'Angebote auf Flohmärkten in der Nähe suchen',
  cache: 'shared',
  query: ZItemSearchQuery,
  queryRequired: ['q', 'lat', 'lng'],
  answers: [{ status: 200, description: 'Die Treffer, die besten zuerst, bei gleicher Güte die nächsten.', schema: ZItemSearchHit, list: true }],
  errors: { 400: [ITEM_MESSAGES.queryTooShort, ITEM_MESSAGES.placeRequired, ITEM_MESSAGES.radiusInvalid, ITEM_MESSAGES.dayInvalid, VALIDATION.dateOutOfRange] },
});

export const ITEMS_CALLS: readonly PublicCall[] = [LIST_STAND_ITEMS, CREATE_ITEM, UPDATE_ITEM, DELETE_ITEM, SEARCH_ITEMS];
