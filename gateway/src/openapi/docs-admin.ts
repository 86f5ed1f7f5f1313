import { LIST_ADMIN_EVENTS } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { totalCountHeader } from './answer-headers.js';

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const ADMIN_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_ADMIN_EVENTS, {
    description:
      'Nur Admins: jeder Flohmarkt, der mit dem spätesten Beginn zuerst; `q` findet einen Teil von Name, Ort oder Kontakt-E-Mail ' +
      '(Groß- und Kleinschreibung egal). Höchstens 500 je Aufruf, die Gesamtzahl der Treffer steht in `X-Total-Count`.',
    query: {
      descriptions: {
        q: 'Suchbegriff (höchstens 200 Zeichen; leer: alle).',
        limit: 'Höchstens so viele Flohmärkte (1–500, Standard 50).',
        offset: 'So viele Treffer überspringen (Standard 0).',
      },
      examples: { q: 'Südstadt' },
    },
    examples: { 200: [EXAMPLE_EVENT] },
    headers: { 200: totalCountHeader('Anzahl aller Treffer.') },
  }),
];
