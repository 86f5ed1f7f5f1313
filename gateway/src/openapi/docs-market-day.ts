import {
  ACCEPT_TEAM_INVITE,
  ANSWER_CONFIRMATION,
  CHECK_IN_CLOCK_SKEW_MS,
  CHECK_IN_STAND,
  CREATE_TEAM_INVITE,
  GET_CONFIRMATION,
  GET_MARKET_DAY,
  GET_TEAM,
  GET_TEAM_INVITE,
  RECONFIRMATION_ASK_HOURS,
  RECONFIRMATION_DEADLINE_HOURS,
  REMIND_CONFIRMATIONS,
  REMOVE_TEAM_MEMBER,
  REVOKE_TEAM_INVITE,
  TEAM_INVITE_CODE_LENGTH,
  TEAM_INVITE_MAX_DAYS,
  TEAM_MAX_MEMBERS,
  TEAM_MAX_OPEN_INVITES,
  type TCheckIn,
  type TConfirmation,
  type TMarketDay,
  type TTeam,
  type TTeamInvite,
  type TTeamInvitePreview,
} from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_GUEST_STAND, EXAMPLE_STAND } from './examples.js';
import { EVENT_ID, STAND_ID } from './path-params.js';
import { docOf, type CallDocEntry } from './route-doc.js';

/*
 * The market day (issue 36): the team of the Hofflohmarkt Ehrenfeld (examples.ts), its sellers'
 * "Bist du dabei?" a few days before, and the check-in on the morning of 13 June.
 */

const INVITE_CODE = { code: `Der Einladungscode (${TEAM_INVITE_CODE_LENGTH} Zeichen).` };
const CONFIRMATION_TOKEN = { token: 'Das geheime Token aus dem Link der Mail „Bist du dabei?“ (`/dabei/{token}`).' };
const EXAMPLE_CODE = 'K7M4QX';
const HELPER_ID = '4e7a1c9d-2b5f-4d8e-a3c6-9f0b1e7d2a58';
const CO_ORGANIZER_ID = 'd9b3e6a2-7c1f-4e5d-8a4b-2f6c0e9d3b71';
const RELEASED_STAND_ID = '8c2f5a9e-1d4b-4e7a-b6c3-0a9d2f5e8b14';

const EXAMPLE_INVITE: TTeamInvite = {
  code: EXAMPLE_CODE,
  url: `https://flohmarkt.example.org/team/${EXAMPLE_CODE}`,
  role: 'helper',
  expiresAt: '2026-06-13T06:00:00.000Z',
  createdAt: '2026-06-01T18:20:00.000Z',
};

const EXAMPLE_PREVIEW: TTeamInvitePreview = {
  code: EXAMPLE_CODE,
  role: 'helper',
  expiresAt: EXAMPLE_INVITE.expiresAt,
  event: { id: EXAMPLE_EVENT.id, name: EXAMPLE_EVENT.name, location: EXAMPLE_EVENT.location, startDateTime: EXAMPLE_EVENT.startDateTime },
};

const EXAMPLE_TEAM: TTeam = {
  eventId: EXAMPLE_EVENT.id,
  members: [
    { userId: CO_ORGANIZER_ID, role: 'co-organizer', firstName: 'Sabine', lastName: 'Krüger', joinedAt: '2026-05-20T19:04:00.000Z' },
    { userId: HELPER_ID, role: 'helper', firstName: 'Tobias', lastName: 'Wendt', joinedAt: '2026-06-02T07:45:00.000Z' },
  ],
  invites: [EXAMPLE_INVITE],
};

const EXAMPLE_CONFIRMATION: TConfirmation = {
  standId: EXAMPLE_STAND.id,
  standLabel: EXAMPLE_STAND.label,
  status: 'approved',
  confirmation: 'asked',
  deadline: '2026-06-12T08:00:00.000Z',
  event: { id: EXAMPLE_EVENT.id, name: EXAMPLE_EVENT.name, location: EXAMPLE_EVENT.location, startDateTime: EXAMPLE_EVENT.startDateTime },
};

const EXAMPLE_CHECK_IN: TCheckIn = { standId: EXAMPLE_STAND.id, state: 'present', at: '2026-06-13T07:41:12.000Z' };

const EXAMPLE_MARKET_DAY: TMarketDay = {
  eventId: EXAMPLE_EVENT.id,
  role: 'helper',
  reconfirmation: { enabled: true, askHoursBefore: RECONFIRMATION_ASK_HOURS.default, deadlineHoursBefore: RECONFIRMATION_DEADLINE_HOURS.default },
  remindedAt: '2026-06-11T16:30:00.000Z',
  counts: { approved: 2, confirmed: 1, open: 0, released: 1, present: 1, absent: 0, unknown: 1, walkUps: 1, pending: 2, freePlaces: 38 },
  stands: [
    {
      id: EXAMPLE_GUEST_STAND.id,
      label: EXAMPLE_GUEST_STAND.label,
      standNumber: null,
      street: 'Körnerstraße',
      houseNumber: '12a',
      name: null,
      status: 'approved',
      walkUp: true,
      confirmation: 'not-asked',
      checkIn: 'unknown',
      checkInAt: null,
      checkInBy: null,
      liveState: null,
    },
    {
      id: EXAMPLE_STAND.id,
      label: EXAMPLE_STAND.label,
      standNumber: EXAMPLE_STAND.standNumber,
      street: 'Venloer Straße',
      houseNumber: '389',
      name: 'Anna Becker',
      status: 'approved',
      walkUp: false,
      confirmation: 'confirmed',
      checkIn: 'present',
      checkInAt: EXAMPLE_CHECK_IN.at,
      checkInBy: 'Hilde H.',
      liveState: 'open',
    },
    {
      id: RELEASED_STAND_ID,
      label: 'Stand 23',
      standNumber: '23',
      street: 'Venloer Straße',
      houseNumber: '412',
      name: 'Jürgen Schäfer',
      status: 'released',
      walkUp: false,
      confirmation: 'released',
      checkIn: 'unknown',
      checkInAt: null,
      checkInBy: null,
      liveState: null,
    },
  ],
  serverTime: '2026-06-13T07:42:03.000Z',
};

const OWNER_ONLY =
  'Nur der Organisator oder ein Admin (nicht Mitveranstalter:innen oder Helfer:innen): ein anderes Teammitglied bekommt 403, wer sonst fragt, auch.';

/** The team, the reconfirmation and the check-in (issue 36): declared in libs/contracts/src/public-api/market-day.ts. */
export const MARKET_DAY_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(CREATE_TEAM_INVITE, {
    description:
      `${OWNER_ONLY} Eine Einladung als Mitveranstalter:in (alles außer Löschen, Absagen und Team verwalten) oder Helfer:in (nur Check-in und Stände vor Ort eintragen) ` +
      `mit einem Code aus ${TEAM_INVITE_CODE_LENGTH} Zeichen ohne Verwechsler (kein 0/O, 1/I/L) und dem Link \`/team/{code}\`. ` +
      `\`expiresAt\` liegt in der Zukunft und höchstens ${TEAM_INVITE_MAX_DAYS} Tage entfernt; höchstens ${TEAM_MAX_OPEN_INVITES} offene Einladungen je Flohmarkt. ` +
      'Für einen abgesagten oder beendeten Flohmarkt lädt niemand mehr ein (403).',
    params: EVENT_ID,
    bodyExample: { role: 'helper', expiresAt: EXAMPLE_INVITE.expiresAt },
    examples: { 201: EXAMPLE_INVITE },
  }),
  docOf(REVOKE_TEAM_INVITE, {
    description: `${OWNER_ONLY} Der Code gilt danach nicht mehr (Ansehen und Annehmen: 410); wer schon im Team ist, bleibt es.`,
    params: { ...EVENT_ID, ...INVITE_CODE },
  }),
  docOf(GET_TEAM_INVITE, {
    description:
      'Für alle, auch ohne Anmeldung: welcher Flohmarkt und welche Rolle hinter einem Code stehen, bevor man ihn annimmt. Ein unbekannter Code ist 404, ' +
      'ein abgelaufener oder zurückgezogener 410, ebenso der Code eines abgesagten oder beendeten Flohmarkts – außer für angemeldete Personen, denen die Einladung nichts mehr geben kann ' +
      '(die Organisator:in, ein Teammitglied mit dieser oder der höheren Rolle): Sie sehen sie weiter, damit ihr alter Link zum Markttag führt. ' +
      'Die Versuche je Client-Adresse sind begrenzt (429), damit sich Codes nicht erraten lassen.',
    params: INVITE_CODE,
    examples: { 200: EXAMPLE_PREVIEW },
  }),
  docOf(ACCEPT_TEAM_INVITE, {
    description:
      'Der angemeldete Benutzer tritt dem Team mit der Rolle der Einladung bei. Erneutes Annehmen ändert nichts, nur eine Einladung als Mitveranstalter:in ' +
      'macht eine Helfer:in zur Mitveranstalter:in (nie umgekehrt). Der Veranstalter selbst: 400; ein abgelaufener oder zurückgezogener Code: 410; ' +
      `ein volles Team (${TEAM_MAX_MEMBERS} Mitglieder): 409. Ohne Body. Die Versuche je Client-Adresse sind begrenzt (429).`,
    params: INVITE_CODE,
    examples: { 200: { eventId: EXAMPLE_EVENT.id, role: 'helper' } },
  }),
  docOf(GET_TEAM, {
    description:
      'Organisator, Mitveranstalter:innen und Admins: die Mitglieder mit Anzeigenamen (nie E-Mail-Adressen) und Rolle; die offenen Einladungen nur für den Organisator ' +
      'und Admins (für Mitveranstalter:innen leer). Helfer:innen bekommen 403.',
    params: EVENT_ID,
    examples: { 200: EXAMPLE_TEAM },
  }),
  docOf(REMOVE_TEAM_MEMBER, {
    description:
      'Der Organisator oder ein Admin entfernt ein Mitglied; ein Mitglied kann sich selbst entfernen (das Team verlassen). Die Rechte enden sofort. ' +
      'Wer nicht (mehr) im Team ist: 404.',
    params: { ...EVENT_ID, userId: 'Die ID des Teammitglieds (eines Benutzers, UUID).' },
  }),
  docOf(GET_CONFIRMATION, {
    description:
      'Ohne Anmeldung, mit dem Token aus der Mail „Bist du dabei?“: der Stand, sein Flohmarkt, die Frist und der Stand der Rückmeldung. Das Öffnen ändert nichts, ' +
      'geantwortet wird erst mit POST (eine Vorschau des Mail-Programms sagt also nichts ab). Das Token ist die Berechtigung: jede Antwort ist `private, no-store`. ' +
      'Ab dem Beginn des Flohmarkts: 410.',
    params: CONFIRMATION_TOKEN,
    examples: { 200: EXAMPLE_CONFIRMATION },
  }),
  docOf(ANSWER_CONFIRMATION, {
    description:
      `Ohne Anmeldung. Der Organisator fragt (\`reconfirmation\` des Flohmarkts) ${RECONFIRMATION_ASK_HOURS.min} bis ${RECONFIRMATION_ASK_HOURS.max} Stunden vor Beginn ` +
      `(Vorgabe ${RECONFIRMATION_ASK_HOURS.default}); die Frist endet ${RECONFIRMATION_DEADLINE_HOURS.min} bis ${RECONFIRMATION_DEADLINE_HOURS.max} Stunden vor Beginn ` +
      `(Vorgabe ${RECONFIRMATION_DEADLINE_HOURS.default}). \`yes\` bestätigt den Platz; \`no\` gibt ihn sofort frei: der Stand bekommt den Status \`released\`, ` +
      'der erste Stand der Warteliste rückt nach. Ohne Antwort bis zur Frist wird der Platz ebenso frei. Dieselbe Antwort noch einmal ändert nichts; ' +
      'ein freigegebener Platz lässt sich mit dem alten Link nicht zurückholen (409), ebenso wenig ein zurückgezogener oder abgelehnter Stand.',
    params: CONFIRMATION_TOKEN,
    bodyExample: { answer: 'yes' },
    examples: { 200: { ...EXAMPLE_CONFIRMATION, confirmation: 'confirmed' } },
  }),
  docOf(REMIND_CONFIRMATIONS, {
    description:
      'Organisator, Mitveranstalter:innen oder Admin: die freigegebenen Stände, die noch nicht geantwortet haben, bekommen die Frage noch einmal per Mail. ' +
      'Einmal je Flohmarkt (danach 409), nur bei eingeschalteter Rückmeldung (sonst 409), ohne Body. Helfer:innen bekommen 403.',
    params: EVENT_ID,
    examples: { 200: { reminded: 4 } },
  }),
  docOf(CHECK_IN_STAND, {
    description:
      'Organisator, das ganze Team (auch Helfer:innen) oder Admin, nur für freigegebene Stände (sonst 409) und ab 24 Stunden vor Beginn bis zum Ende des Markttags (sonst 403). ' +
      '`at` ist der Zeitpunkt des Tippens auf dem Handy, auch offline und später übertragen: je Stand gewinnt das späteste `at`, egal in welcher Reihenfolge ' +
      'die Änderungen ankommen; eine ältere Änderung ändert nichts und bekommt den gültigen Stand zurück. ' +
      `\`at\` darf höchstens ${CHECK_IN_CLOCK_SKEW_MS / 60_000} Minuten vor der Uhr des Servers liegen (sonst 400). ` +
      'Ab Beginn zeigen öffentliche Lesungen einen als `absent` eingecheckten Stand mit `liveState: absent`.',
    params: STAND_ID,
    bodyExample: { state: EXAMPLE_CHECK_IN.state, at: EXAMPLE_CHECK_IN.at },
    examples: { 200: EXAMPLE_CHECK_IN },
  }),
  docOf(GET_MARKET_DAY, {
    description:
      'Organisator, das ganze Team (auch Helfer:innen) oder Admin: die freigegebenen und freigewordenen Stände in Laufreihenfolge (Straße, Hausnummer, Standnummer) ' +
      'mit Rückmeldung, Check-in, Live-Status und Anzeigenamen, nie E-Mail-Adressen; dazu die Zähler und die Uhrzeit des Servers (`serverTime`), ' +
      'damit ein Handy den Versatz seiner Uhr kennt. `role` sagt, als was der Aufrufer den Markttag sieht. Nie in einem gemeinsamen Cache.',
    params: EVENT_ID,
    examples: { 200: EXAMPLE_MARKET_DAY },
  }),
];
