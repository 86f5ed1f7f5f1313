import { GET_EVENT_ROUTE, ROUTE_START_LABEL, SET_STAND_LIVE_STATE, type TRouteAnswer } from '@flohmarkt/contracts';
import { EXAMPLE_STAND } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { EVENT_ID, STAND_ID } from './path-params.js';

const SECOND_STAND = '5b0c7e1a-3f2d-4c1b-9a8e-7d6c5b4a3f21';

const ROUTE_EXAMPLE: TRouteAnswer = {
  order: [EXAMPLE_STAND.id, SECOND_STAND],
  stops: [
    { id: EXAMPLE_STAND.id, label: EXAMPLE_STAND.label },
    { id: SECOND_STAND, label: 'Körnerstraße 12a' },
  ],
  distanceM: 860,
  legs: [
    { from: null, to: EXAMPLE_STAND.id, distanceM: 310, label: EXAMPLE_STAND.label },
    { from: EXAMPLE_STAND.id, to: SECOND_STAND, distanceM: 240, label: 'Körnerstraße 12a' },
    { from: SECOND_STAND, to: null, distanceM: 310, label: ROUTE_START_LABEL },
  ],
  mapsLinks: [
    'https://www.google.com/maps/dir/?api=1&origin=50.920000,6.950000&destination=50.920000,6.950000&waypoints=50.921000,6.953000%7C50.923000,6.952000&travelmode=walking',
  ],
  appleMapsLinks: ['https://maps.apple.com/?saddr=50.920000,6.950000&daddr=50.921000,6.953000+to:50.923000,6.952000+to:50.920000,6.950000&dirflg=w'],
  durationS: 688,
  geometry: 'straight',
  exact: true,
  distances: 'straight',
  skipped: [],
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const VISITOR_DAY_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(GET_EVENT_ROUTE, {
    description:
      'Für alle. Plant dieselbe Runde wie die Web-App über öffentliche (freigegebene) Stände des Flohmarkts, so wie die Standliste sie zeigt (vor dem Markttag ungefähre Lagen). ' +
      'Bis 12 Stände exakt, darüber eine Heuristik; höchstens 150 Stände. Strecken sind Luftlinien oder, mit einem Routing-Server, Wege. Am Markttag geschlossene ' +
      'oder nicht anwesende Stände werden übersprungen (`skipped`). `format=gpx` liefert GPX 1.1 (Wegpunkte je Stand, ein Track in Besuchsreihenfolge).',
    params: EVENT_ID,
    query: {
      descriptions: {
        stands: 'Stand-IDs, durch Kommas getrennt (höchstens 150).',
        start: 'Startpunkt: `Breite,Länge` (eigene Position oder Adresse) oder eine Stand-ID der Runde; ohne Angabe der erste Stand.',
        mode: '`walk` (Standard) oder `bike`.',
        loop: '`true` (Standard): zurück zum Start; `false`: eine Richtung.',
        format: '`json` (Standard) oder `gpx`.',
      },
      examples: { stands: `${EXAMPLE_STAND.id},${SECOND_STAND}`, start: '50.92,6.95', mode: 'walk', loop: 'true' },
    },
    examples: { 200: ROUTE_EXAMPLE },
  }),
  docOf(SET_STAND_LIVE_STATE, {
    description:
      'Inhaber, Organisator des Flohmarkts oder Admin (Gaststand: Organisator oder Admin), nur für freigegebene Stände und nur am Markttag (00:00 bis 24:00 Uhr Europe/Berlin ' +
      'vom ersten bis zum letzten Tag). Stand-Lesungen tragen `liveState` und `liveUpdatedAt`, außerhalb des Markttags `null`.',
    params: STAND_ID,
    bodyExample: { state: 'closing' },
    examples: { 200: { ...EXAMPLE_STAND, liveState: 'closing', liveUpdatedAt: '2026-05-16T13:40:00.000Z' } },
  }),
];
