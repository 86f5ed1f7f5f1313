import { LIST_MY_EVENTS, MY_EVENTS_LIMIT, type TMyEvent } from '@flohmarkt/contracts';
import { EXAMPLE_EVENT } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { totalCountHeader } from './answer-headers.js';

const MY_EVENT_EXAMPLE: TMyEvent = {
  ...EXAMPLE_EVENT,
  maxStands: 60,
  freePlaces: 12,
  counts: { approved: 42, pending: 6, waitlisted: 0, rejected: 3, freePlaces: 12 },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MY_EVENT_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_MY_EVENTS, {
    description:
      'Die Flohmärkte, die der angemeldete Benutzer veranstaltet (auch Admins sehen hier nur die eigenen): kommende und laufende zuerst, ' +
      `der nächste oben, danach vergangene, der letzte oben; höchstens ${MY_EVENTS_LIMIT}, die Gesamtzahl steht in \`X-Total-Count\`. ` +
      'Jeder trägt `counts`: freigegebene, wartende, auf der Warteliste und abgelehnte Stände und die freien Plätze ' +
      '(`null` ohne `maxStands`). Die Zahlen folgen den Ständen mit wenigen Sekunden Verzögerung.',
    examples: { 200: [MY_EVENT_EXAMPLE] },
    headers: { 200: totalCountHeader('Anzahl aller eigenen Flohmärkte.') },
  }),
];
