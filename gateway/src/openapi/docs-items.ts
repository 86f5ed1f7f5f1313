import {
  CREATE_ITEM,
  DELETE_ITEM,
  ITEMS_MAX_PER_STAND,
  ITEM_SEARCH_RADIUS_MAX_KM,
  LIST_STAND_ITEMS,
  MANAGE_TOKEN_HEADER,
  SEARCH_ITEMS,
  UPDATE_ITEM,
  type TItemSearchHit,
} from '@flohmarkt/contracts';
import { totalCountHeader } from './answer-headers.js';
import { EXAMPLE_EVENT, EXAMPLE_IDS, EXAMPLE_ITEM, EXAMPLE_ITEM_CREATE } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { STAND_ID } from './path-params.js';

const ITEM_ID = { id: 'Die ID des Angebots (UUID).' };
const EXAMPLE_HIT: TItemSearchHit = {
  item: EXAMPLE_ITEM,
  stand: { id: EXAMPLE_IDS.stand, label: 'Stand 17', latitude: 50.9481, longitude: 6.9172, locationApproximate: false },
  event: {
    id: EXAMPLE_EVENT.id,
    name: EXAMPLE_EVENT.name,
    startDateTime: EXAMPLE_EVENT.startDateTime,
    endDateTime: EXAMPLE_EVENT.endDateTime,
    location: EXAMPLE_EVENT.location,
  },
  distanceKm: 1.27,
};

const WRITERS =
  'Nur wer den Stand bearbeiten darf (Inhaber, Veranstalter, Admins) oder ein Gast mit dem Token seines Verwaltungslinks im Header ' +
  `\`${MANAGE_TOKEN_HEADER}\`.`;

/** Items on the tables (issue 35): declared in libs/contracts/src/public-api/items.ts. */
export const ITEM_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_STAND_ITEMS, {
    description: 'Die Angebote eines Stands für alle, die den Stand lesen dürfen (bei einem genehmigten Stand alle), auch verkaufte.',
    params: STAND_ID,
    examples: { 200: [EXAMPLE_ITEM] },
  }),
  docOf(CREATE_ITEM, {
    description: `${WRITERS} Höchstens ${ITEMS_MAX_PER_STAND} Angebote je Stand; Preis fest (Cent), „VB“ (auf Wunsch mit Betrag) oder „zu verschenken“.`,
    params: STAND_ID,
    bodyExample: EXAMPLE_ITEM_CREATE,
    examples: { 201: EXAMPLE_ITEM },
  }),
  docOf(UPDATE_ITEM, {
    description: `${WRITERS} Das ganze Angebot noch einmal; \`sold: true\` markiert es als verkauft, \`false\` wieder als zu haben.`,
    params: ITEM_ID,
    bodyExample: { ...EXAMPLE_ITEM_CREATE, sold: true },
    examples: { 200: { ...EXAMPLE_ITEM, status: 'sold', updatedAt: '2026-06-13T09:41:02.000Z' } },
  }),
  docOf(DELETE_ITEM, { description: WRITERS, params: ITEM_ID }),
  docOf(SEARCH_ITEMS, {
    description:
      'Angebote und Standbeschreibungen genehmigter Stände auf kommenden Flohmärkten im Umkreis, deutsche Volltextsuche (Wortstämme, ' +
      'Umlaute und ß gefaltet, ein Tippfehler in längeren Wörtern). Sortiert nach Relevanz, dann Entfernung. `item: null`: Die Beschreibung ' +
      'des Stands passt. Ein ungefährer Stand zeigt vor dem Markttag nur die Mitte seines Gebiets.',
    query: {
      descriptions: {
        q: 'Was gesucht wird, 2 bis 100 Zeichen.',
        lat: 'Breitengrad des Orts.',
        lng: 'Längengrad des Orts.',
        radiusKm: `Umkreis in km (1 bis ${ITEM_SEARCH_RADIUS_MAX_KM}, Vorgabe 10).`,
        from: 'Frühester Markttag (JJJJ-MM-TT, Berliner Zeit).',
        to: 'Spätester Markttag (JJJJ-MM-TT).',
        limit: 'Treffer je Seite (1 bis 100, Vorgabe 20).',
        offset: 'Ab welchem Treffer (Vorgabe 0).',
      },
      examples: { q: 'Kinderfahrräder', lat: '50.9375', lng: '6.9603', radiusKm: '10' },
    },
    examples: { 200: [EXAMPLE_HIT] },
    headers: { 200: totalCountHeader('Die Zahl aller Treffer, auch jenseits dieser Seite.') },
  }),
];
