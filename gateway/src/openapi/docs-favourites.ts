import { ADD_FAVOURITE, LIST_FAVOURITES, REMOVE_FAVOURITE, type TFavourites } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_STAND } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';

const FAVOURITES_EXAMPLE: TFavourites = { events: [EXAMPLE_EVENT.id], stands: [EXAMPLE_STAND.id], reminders: [EXAMPLE_EVENT.id] };

const ENTRY_PARAMS = {
  kind: '`events` oder `stands`.',
  id: 'ID des Flohmarkts oder Stands.',
};

/** The signed-in user's Merkliste (issue 19): declared in libs/contracts/src/public-api/favourites.ts. */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const FAVOURITE_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_FAVOURITES, {
    description:
      'Die gemerkten Flohmärkte und Stände des angemeldeten Benutzers, zuletzt gemerkte zuerst. Gelöschte Flohmärkte und Stände verschwinden von selbst (kurz nach dem Löschen). ' +
      'Ohne Konto hält die Web-App die Merkliste im Browser und führt sie nach der Anmeldung mit PUT zusammen. ' +
      '`reminders`: die gemerkten Flohmärkte, an die die Plattform am Vorabend per E-Mail erinnert.',
    examples: { 200: FAVOURITES_EXAMPLE },
  }),
  docOf(ADD_FAVOURITE, {
    description:
      'Idempotent: ein zweiter Aufruf ändert nichts. Die ID wird nicht gegen Flohmärkte oder Stände geprüft; ein bereits gelöschter bleibt nicht auf der Liste. ' +
      'Ein neu gemerkter Flohmarkt ist ohne Erinnerung.',
    params: ENTRY_PARAMS,
    query: {
      descriptions: {
        remind:
          'Nur für Flohmärkte: `true` merkt ihn und schaltet die Erinnerung am Vorabend (E-Mail) ein, `false` schaltet sie aus; ohne bleibt sie, wie sie war.',
      },
      examples: { remind: 'true' },
    },
  }),
  docOf(REMOVE_FAVOURITE, {
    description: 'Idempotent: auch 204, wenn der Eintrag nicht (mehr) da war. Ein Flohmarkt geht mit seiner Erinnerung.',
    params: ENTRY_PARAMS,
  }),
];
