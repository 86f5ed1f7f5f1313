import { MY_EVENTS_LIMIT, type TMyEvent } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const MY_EVENT_EXAMPLE: TMyEvent = {
  ...EXAMPLE_EVENT,
  maxStands: 60,
  freePlaces: 12,
  counts: { approved: 42, pending: 6, waitlisted: 0, rejected: 3, freePlaces: 12 },
};

/** "Meine Flohmärkte" (issue 30): the markets the signed-in user organises. */
export const MY_EVENT_DOCS: RouteDocTable = {
  'GET /me/events': {
    summary: 'Meine Flohmärkte',
    description:
      'Die Flohmärkte, die der angemeldete Benutzer veranstaltet (auch Admins sehen hier nur die eigenen): kommende und laufende zuerst, ' +
      `der nächste oben, danach vergangene, der letzte oben; höchstens ${MY_EVENTS_LIMIT}, die Gesamtzahl steht in \`X-Total-Count\`. ` +
      'Jeder trägt `counts`: freigegebene, wartende, auf der Warteliste und abgelehnte Stände und die freien Plätze ' +
      '(`null` ohne `maxStands`). Die Zahlen folgen den Ständen mit wenigen Sekunden Verzögerung.',
    answers: [
      {
        status: 200,
        description: 'Die eigenen Flohmärkte mit ihren Zählern.',
        schema: 'MyEvent',
        list: true,
        example: [MY_EVENT_EXAMPLE],
        headers: { 'X-Total-Count': { description: 'Anzahl aller eigenen Flohmärkte.', schema: { type: 'integer', minimum: 0 } } },
      },
    ],
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MY_EVENT_CALL_DOCS: readonly CallDocEntry[] = [];
