import {
  DECIDE_HOLD,
  GET_HOLD,
  HOLDS_MAX_OPEN_PER_VISITOR,
  HOLD_MINUTES_DEFAULT,
  LIST_MY_HOLDS,
  LIST_STAND_HOLDS,
  MANAGE_TOKEN_HEADER,
  PICKUP_CODE_LENGTH,
  REQUEST_HOLD,
  type THold,
} from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_IDS, EXAMPLE_ITEM } from './examples.js';
import { STAND_ID } from './path-params.js';
import { docOf, type CallDocEntry } from './route-doc.js';

const HOLD_ID = { id: 'Die ID der Reservierung (UUID).' };
const EXAMPLE_HOLD_ID = 'd2c8f4a1-6e3b-4b9d-a7c5-1f0e9d3b6a82';

/** The holder's read of an accepted hold: the pickup code, no holder name. */
export const EXAMPLE_HOLD: THold = {
  id: EXAMPLE_HOLD_ID,
  itemId: EXAMPLE_ITEM.id,
  standId: EXAMPLE_IDS.stand,
  eventId: EXAMPLE_EVENT.id,
  status: 'accepted',
  pickupCode: 'K7M4QX',
  endsAt: new Date(new Date(EXAMPLE_EVENT.startDateTime).getTime() + HOLD_MINUTES_DEFAULT * 60_000).toISOString(),
  createdAt: '2026-06-10T17:02:11.000Z',
  decidedAt: '2026-06-10T18:40:05.000Z',
  item: { title: EXAMPLE_ITEM.title, price: EXAMPLE_ITEM.price },
  stand: { label: 'Stand 17' },
  event: { name: EXAMPLE_EVENT.name, startDateTime: EXAMPLE_EVENT.startDateTime, location: EXAMPLE_EVENT.location },
};
/** The seller's read of a request: the visitor's display name, never their e-mail address. */
const EXAMPLE_SELLER_HOLD: THold = { ...EXAMPLE_HOLD, status: 'requested', pickupCode: null, decidedAt: null, holderName: 'Hanna H.' };

const SELLER =
  `Der Verkäufer: der angemeldete Inhaber des Stands, ein Gast mit dem Token seines Verwaltungslinks im Header \`${MANAGE_TOKEN_HEADER}\` ` +
  'oder, wer den Link aus der Mail an den Verkäufer hat (`token`).';

/** Free holds ("Reservieren", issue 35): declared in libs/contracts/src/public-api/holds.ts. */
export const HOLD_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(REQUEST_HOLD, {
    description:
      'Ein angemeldeter Besucher bittet den Verkäufer, ein Angebot bis zum Marktbeginn plus der Reservierungszeit des Stands ' +
      `(Vorgabe ${HOLD_MINUTES_DEFAULT} Minuten) zurückzuhalten; der Verkäufer bekommt eine Mail mit dem Anzeigenamen (nie der E-Mail-Adresse). ` +
      `Je Angebot eine offene Reservierung, je Besucher höchstens ${HOLDS_MAX_OPEN_PER_VISITOR}. Nicht für eigene, verkaufte Angebote, ` +
      'Stände, die nicht freigegeben sind, und nach Ablauf der Reservierungszeit. Keine Bezahlung, kein Chat.',
    params: { id: 'Die ID des Angebots (UUID).' },
    examples: { 201: { id: EXAMPLE_HOLD_ID, itemId: EXAMPLE_ITEM.id, status: 'requested' } },
  }),
  docOf(GET_HOLD, {
    description:
      `Für den Besucher, der reserviert hat, und für den Verkäufer (${SELLER}). \`pickupCode\` (${PICKUP_CODE_LENGTH} Zeichen) nur, solange ` +
      'die Reservierung angenommen ist; `holderName` nur für den Verkäufer. Wer sonst fragt, bekommt 404. Das Öffnen des Mail-Links ändert nichts: ' +
      'entschieden wird erst mit PATCH. Nie in einem gemeinsamen Cache.',
    params: HOLD_ID,
    query: {
      descriptions: { token: 'Das Token aus dem Link der Mail an den Verkäufer (ohne Anmeldung).' },
      examples: { token: 'q3Vd8Xk2LmN7pR4sT1wYzA' },
    },
    examples: { 200: EXAMPLE_HOLD },
  }),
  docOf(DECIDE_HOLD, {
    description:
      `\`accept\` und \`decline\` nur für eine Anfrage (\`requested\`) und nur durch den Verkäufer (${SELLER}). \`end\` beendet eine Anfrage ` +
      'oder Reservierung: durch den Verkäufer, den Besucher selbst oder einen Admin. Annehmen vergibt den Abholcode und schickt ihn dem Besucher per Mail; ' +
      'solange die Reservierung läuft, steht das Angebot für alle anderen auf „reserviert“ (`status: held`). Nach dem Ende der Reservierungszeit, ' +
      'nach einer Entscheidung oder wenn das Angebot verkauft ist: 409.',
    params: HOLD_ID,
    bodyExample: { decision: 'accept', token: 'q3Vd8Xk2LmN7pR4sT1wYzA' },
    examples: { 200: { ...EXAMPLE_SELLER_HOLD, status: 'accepted', pickupCode: 'K7M4QX', decidedAt: EXAMPLE_HOLD.decidedAt } },
  }),
  docOf(LIST_MY_HOLDS, {
    description: 'Die Reservierungen des angemeldeten Besuchers, laufende zuerst, dann die neuesten; mit Abholcode, sobald angenommen.',
    examples: { 200: [EXAMPLE_HOLD] },
  }),
  docOf(LIST_STAND_HOLDS, {
    description:
      `Die Reservierungen der Angebote eines Stands für seinen Verkäufer (angemeldet oder mit \`${MANAGE_TOKEN_HEADER}\`): ` +
      'Anzeigename und Abholcode, nie die E-Mail-Adresse. Wer den Stand sehen darf, aber nicht verkauft, bekommt 403; wer ihn nicht sehen darf, 404.',
    params: STAND_ID,
    examples: { 200: [EXAMPLE_SELLER_HOLD] },
  }),
];
