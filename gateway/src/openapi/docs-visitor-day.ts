import { API_ERRORS, LIVE_MESSAGES, ROUTE_CALL_MESSAGES, SCREENS, ZRouteQuery, type TRouteAnswer } from '@flohmarkt/contracts';
import { EXAMPLE_STAND } from './examples.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const SECOND_STAND = '5b0c7e1a-3f2d-4c1b-9a8e-7d6c5b4a3f21';

const ROUTE_EXAMPLE: TRouteAnswer = {
  order: [EXAMPLE_STAND.id, SECOND_STAND],
  distanceM: 860,
  legs: [
    { from: null, to: EXAMPLE_STAND.id, distanceM: 310 },
    { from: EXAMPLE_STAND.id, to: SECOND_STAND, distanceM: 240 },
    { from: SECOND_STAND, to: null, distanceM: 310 },
  ],
  mapsLinks: [
    'https://www.google.com/maps/dir/?api=1&origin=50.920000,6.950000&destination=50.920000,6.950000&waypoints=50.921000,6.953000%7C50.923000,6.952000&travelmode=walking',
  ],
  appleMapsLinks: ['https://maps.apple.com/?saddr=50.920000,6.950000&daddr=50.921000,6.953000+to:50.923000,6.952000+to:50.920000,6.950000&dirflg=w'],
  durationS: 688,
  exact: true,
  distances: 'straight',
  skipped: [],
};

/** Issue 19 on the server: "Meine Runde" and the live status on the event day. */
export const VISITOR_DAY_DOCS: RouteDocTable = {
  'GET /events/:id/route': {
    summary: 'Meine Runde: kürzeste Reihenfolge über gewählte Stände',
    description:
      'Für alle. Plant dieselbe Runde wie die Web-App über öffentliche (freigegebene) Stände des Flohmarkts, so wie die Standliste sie zeigt (vor dem Markttag ungefähre Lagen). ' +
      'Bis 12 Stände exakt, darüber eine Heuristik; höchstens 150 Stände. Strecken sind Luftlinien oder, mit einem Routing-Server, Wege. Am Markttag geschlossene ' +
      'oder nicht anwesende Stände werden übersprungen (`skipped`). `format=gpx` liefert GPX 1.1 (Wegpunkte je Stand, ein Track in Besuchsreihenfolge).',
    params: { id: 'Die ID des Flohmarkts (UUID).' },
    query: {
      schema: ZRouteQuery,
      descriptions: {
        stands: 'Stand-IDs, durch Kommas getrennt (höchstens 150).',
        start: 'Startpunkt: `Breite,Länge` (eigene Position oder Adresse) oder eine Stand-ID der Runde; ohne Angabe der erste Stand.',
        mode: '`walk` (Standard) oder `bike`.',
        loop: '`true` (Standard): zurück zum Start; `false`: eine Richtung.',
        format: '`json` (Standard) oder `gpx`.',
      },
      required: ['stands'],
      examples: { stands: `${EXAMPLE_STAND.id},${SECOND_STAND}`, start: '50.92,6.95', mode: 'walk', loop: 'true' },
    },
    answers: [
      {
        status: 200,
        description: 'Die Runde (JSON) oder mit `format=gpx` die GPX-Datei (`application/gpx+xml`).',
        schema: 'RouteAnswer',
        example: ROUTE_EXAMPLE,
      },
    ],
    errors: {
      400: [ROUTE_CALL_MESSAGES.unknownStand, ROUTE_CALL_MESSAGES.standsRequired, ROUTE_CALL_MESSAGES.invalidStart, ROUTE_CALL_MESSAGES.nothingToVisit],
      404: [API_ERRORS.eventNotFound],
    },
  },
  'PATCH /stands/:id/live': {
    summary: 'Live-Status am Markttag setzen',
    description:
      'Inhaber, Organisator des Flohmarkts oder Admin (Gaststand: Organisator oder Admin), nur für freigegebene Stände und nur am Markttag (00:00 bis 24:00 Uhr Europe/Berlin ' +
      'vom ersten bis zum letzten Tag). Stand-Lesungen tragen `liveState` und `liveUpdatedAt`, außerhalb des Markttags `null`.',
    params: { id: 'Die ID des Stands (UUID).' },
    body: { schema: 'StandLiveUpdate', example: { state: 'closing' } },
    answers: [
      {
        status: 200,
        description: 'Der Stand mit seinem Live-Status.',
        schema: 'Stand',
        example: { ...EXAMPLE_STAND, liveState: 'closing', liveUpdatedAt: '2026-05-16T13:40:00.000Z' },
      },
    ],
    errors: {
      400: [LIVE_MESSAGES.invalidState],
      403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly, LIVE_MESSAGES.outsideEventDay, LIVE_MESSAGES.notApproved, LIVE_MESSAGES.eventCancelled],
      404: [API_ERRORS.standNotFound],
    },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const VISITOR_DAY_CALL_DOCS: readonly CallDocEntry[] = [];
