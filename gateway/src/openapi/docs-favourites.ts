import { API_ERRORS, FAVOURITE_MESSAGES, VALIDATION, type TFavourites } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_STAND } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const FAVOURITES_EXAMPLE: TFavourites = { events: [EXAMPLE_EVENT.id], stands: [EXAMPLE_STAND.id] };

const ENTRY_PARAMS = {
  kind: '`events` oder `stands`.',
  id: 'ID des Flohmarkts oder Stands.',
};

/** The signed-in user's Merkliste (issue 19). */
export const FAVOURITE_DOCS: RouteDocTable = {
  'GET /me/favourites': {
    summary: 'Meine Merkliste',
    description:
      'Die gemerkten Flohmärkte und Stände des angemeldeten Benutzers, zuletzt gemerkte zuerst. Gelöschte Flohmärkte und Stände verschwinden von selbst (kurz nach dem Löschen). ' +
      'Ohne Konto hält die Web-App die Merkliste im Browser und führt sie nach der Anmeldung mit PUT zusammen.',
    answers: [{ status: 200, description: 'Die IDs je Art.', schema: 'Favourites', example: FAVOURITES_EXAMPLE }],
  },
  'PUT /me/favourites/:kind/:id': {
    summary: 'Flohmarkt oder Stand merken',
    description:
      'Idempotent: ein zweiter Aufruf ändert nichts. Die ID wird nicht gegen Flohmärkte oder Stände geprüft; ein bereits gelöschter bleibt nicht auf der Liste.',
    params: ENTRY_PARAMS,
    answers: [{ status: 204, description: 'Gemerkt, ohne Inhalt.' }],
    errors: { 400: [VALIDATION.invalidId, FAVOURITE_MESSAGES.tooMany], 404: [API_ERRORS.notFound] },
  },
  'DELETE /me/favourites/:kind/:id': {
    summary: 'Von der Merkliste nehmen',
    description: 'Idempotent: auch 204, wenn der Eintrag nicht (mehr) da war.',
    params: ENTRY_PARAMS,
    answers: [{ status: 204, description: 'Entfernt, ohne Inhalt.' }],
    errors: { 400: [VALIDATION.invalidId], 404: [API_ERRORS.notFound] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const FAVOURITE_CALL_DOCS: readonly CallDocEntry[] = [];
