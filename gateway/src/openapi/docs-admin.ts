import { z } from 'zod';
import { API_ERRORS } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

/** The admin's market list with its search (issue 30, A1). */
export const ADMIN_DOCS: RouteDocTable = {
  'GET /admin/events': {
    summary: 'Alle Flohmärkte durchsuchen (Admin)',
    description:
      'Nur Admins: jeder Flohmarkt, der mit dem spätesten Beginn zuerst; `q` findet einen Teil von Name, Ort oder Kontakt-E-Mail ' +
      '(Groß- und Kleinschreibung egal). Höchstens 500 je Aufruf, die Gesamtzahl der Treffer steht in `X-Total-Count`.',
    query: {
      schema: z.object({
        q: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional(),
        offset: z.coerce.number().int().min(0).optional(),
      }),
      descriptions: {
        q: 'Suchbegriff (höchstens 200 Zeichen; leer: alle).',
        limit: 'Höchstens so viele Flohmärkte (1–500, Standard 50).',
        offset: 'So viele Treffer überspringen (Standard 0).',
      },
      examples: { q: 'Südstadt' },
    },
    answers: [
      {
        status: 200,
        description: 'Die passenden Flohmärkte.',
        schema: 'Event',
        list: true,
        example: [EXAMPLE_EVENT],
        headers: { 'X-Total-Count': { description: 'Anzahl aller Treffer.', schema: { type: 'integer', minimum: 0 } } },
      },
    ],
    errors: { 403: [API_ERRORS.forbidden], 400: ['Der Suchbegriff darf höchstens 200 Zeichen lang sein.'] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const ADMIN_CALL_DOCS: readonly CallDocEntry[] = [];
