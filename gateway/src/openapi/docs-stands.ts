import {
  APPROVE_STAND,
  CREATE_GUEST_STAND,
  CREATE_REVIEW,
  CREATE_WALK_UP_STAND,
  DELETE_REVIEW,
  DELETE_STAND,
  GET_ADMIN_STAND_STATS,
  GET_STAND,
  GET_STAND_CALENDAR,
  GET_STAND_OVERVIEW,
  LIST_DRAFT_STANDS,
  LIST_EVENT_STANDS,
  LIST_EXHIBITOR_REVIEWS,
  LIST_EXHIBITOR_STANDS,
  LIST_MY_STANDS,
  LIST_STAND_REVIEWS,
  LIST_USER_STANDS,
  NUMBER_STANDS,
  REGISTER_STAND,
  REJECT_STAND,
  REVIEW_STANDS,
  UPDATE_STAND,
} from '@flohmarkt/contracts';
import {
  EXAMPLE_GUEST_STAND,
  EXAMPLE_GUEST_STAND_CREATE,
  EXAMPLE_IDS,
  EXAMPLE_MANAGE_URL,
  EXAMPLE_REVIEW,
  EXAMPLE_STAND,
  EXAMPLE_STAND_CREATE,
} from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader } from './answer-headers.js';
import { EVENT_ID, STAND_ID, USER_ID } from './path-params.js';

const EXHIBITOR_QUERY = {
  descriptions: { exhibitorId: 'Die Benutzer-ID des Ausstellers (UUID).' },
  examples: { exhibitorId: EXAMPLE_IDS.exhibitor },
};
const PENDING_STAND = { ...EXAMPLE_STAND, status: 'pending', isApproved: false, isDraft: true };
const REJECTION_REASON = 'Leider sind alle Plätze für Kleidung schon vergeben.';
/** How every review read names its writer. */
const REVIEWER_NAME = '`reviewer` nennt den Vornamen und nur den Anfangsbuchstaben des Nachnamens (`lastName`: „Y.“), auch bei privatem Profil.';

/** The stands service: every call is declared in libs/contracts/src/public-api/stands.ts. */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const STAND_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_EVENT_STANDS, {
    description: 'Freigegebene Stände; der Organisator, Mitveranstalter:innen und Admins sehen auch die wartenden.',
    params: EVENT_ID,
    examples: { 200: [EXAMPLE_STAND] },
    headers: {
      200: {
        'Cache-Control': textHeader(
          '`private, no-store`, wenn die Antwort mehr enthält als die öffentliche Ansicht (für den Organisator, Admins oder mit einem eigenen Stand des Aufrufers): ' +
            'dann bewahrt kein Cache sie auf, auch nicht die Offline-Kopie der Web-App. Sonst fehlt der Header.',
        ),
      },
    },
  }),
  docOf(LIST_DRAFT_STANDS, {
    description:
      'Für den Organisator, Mitveranstalter:innen und Admins: Gaststände und Stände angemeldeter Benutzer, ohne Filter die auf Freigabe wartenden. ' +
      'Jeder Stand nennt in `duplicateOf` die anderen Anmeldungen des Flohmarkts mit demselben Namen oder höchstens 20 m entfernt (mögliche Doppelanmeldungen); ' +
      'Stände auf der Warteliste tragen ihren Platz `waitlistPosition`.',
    params: EVENT_ID,
    query: {
      descriptions: { status: 'Status, durch Komma getrennt: pending, waitlisted, approved, rejected (ohne Angabe: pending).' },
      examples: { status: 'pending,waitlisted' },
    },
    examples: { 200: [{ ...EXAMPLE_GUEST_STAND, duplicateOf: [] }] },
  }),
  docOf(REVIEW_STANDS, {
    description:
      'Organisator des Flohmarkts, Mitveranstalter:innen oder Admin. Eine Transaktion: alle genannten Stände werden freigegeben bzw. abgelehnt (mit der optionalen Begründung) oder keiner; ' +
      'jeder Stand, dessen Entscheidung sich ändert, bekommt eine E-Mail. Durch Ablehnungen frei gewordene Plätze rücken von der Warteliste nach. ' +
      'Ein Stand auf der Warteliste kann direkt freigegeben werden (auch über `maxStands` hinaus).',
    params: EVENT_ID,
    bodyExample: { approve: [EXAMPLE_IDS.stand], reject: [], reason: null },
    examples: { 200: [EXAMPLE_STAND] },
  }),
  docOf(CREATE_WALK_UP_STAND, {
    description:
      'Organisator des Flohmarkts, sein Team (auch Helfer:innen) oder Admin: ein Stand für jemanden vor Ort, mit oder ohne Namen, sofort freigegeben. Er zählt zu `maxStands`, ' +
      'wird aber auch bei vollem Flohmarkt angenommen (der Organisator entscheidet vor Ort). Ausgeschaltete Anmeldung oder Anmeldeschluss halten ihn nicht auf, ' +
      'ein abgesagter oder beendeter Flohmarkt schon.',
    params: EVENT_ID,
    bodyExample: { description: 'Kinderkleidung und Spielzeug', categories: ['Kinderkleidung'], latitude: 50.9413, longitude: 6.9583 },
    examples: { 201: { ...EXAMPLE_GUEST_STAND, status: 'approved', isApproved: true, isDraft: false } },
  }),
  docOf(GET_STAND_OVERVIEW, {
    description:
      'Organisator des Flohmarkts, Mitveranstalter:innen oder Admin: freigegebene, wartende, auf der Warteliste stehende und abgelehnte Stände, die freien Plätze unter `maxStands` ' +
      '(freigegebene und wartende abgezogen) und die freigegebenen und wartenden Stände je Straße (`kind: street`; die Straße jedes Standorts ' +
      'fragt der Dienst einmal im Hintergrund beim Geocoder nach, wenn einer eingerichtet ist), sonst je Bereich von etwa 100 m ' +
      '(`kind: cell`, „Bereich 1“ im Nordwesten zuerst); die dünnsten zuerst.',
    params: EVENT_ID,
    examples: {
      200: {
        approved: 7,
        pending: 2,
        waitlisted: 3,
        rejected: 1,
        maxStands: 9,
        freePlaces: 0,
        areas: [
          { name: 'Bereich 1', kind: 'cell', latitude: 50.94135, longitude: 6.95845, approved: 0, pending: 1 },
          { name: 'Hohe Straße', kind: 'street', latitude: 50.93771, longitude: 6.95741, approved: 5, pending: 0 },
        ],
        withoutPosition: 3,
      },
    },
  }),
  docOf(NUMBER_STANDS, {
    description:
      'Organisator des Flohmarkts, Mitveranstalter:innen oder Admin. Gibt jedem freigegebenen Stand ohne Nummer eine, weiter nach der höchsten Nummer, die der Flohmarkt je vergeben hat: ' +
      'vergebene Nummern bleiben, eine Nummer eines zurückgezogenen oder gelöschten Stands wird nicht wieder vergeben. `street`: Straße für Straße ' +
      '(jede Straße, deren Namen der Geocoder kennt, von einem Ende zum anderen, dann die nächstgelegene; sonst Streifen entlang der ' +
      'Straßenrichtung, abwechselnd hin und zurück); `walk`: entlang des kürzesten Wegs ab `start` (sonst ab dem Ort des Flohmarkts). ' +
      'Stände ohne Standort bekommen die letzten Nummern. Jede Nummer gibt es je Flohmarkt nur einmal; von Hand ändert man sie mit `PUT /stands/{id}`.',
    params: EVENT_ID,
    bodyExample: { order: 'walk', start: { lat: 52.5208, lng: 13.4094 } },
    examples: { 200: [{ ...EXAMPLE_STAND, standNumber: '18' }] },
  }),
  docOf(CREATE_GUEST_STAND, {
    description:
      'Ohne Anmeldung; je Adresse begrenzt. Der Stand wartet auf die Freigabe durch den Organisator. ' +
      'Der Standort ist freiwillig, muss aber höchstens 15 km vom Flohmarkt entfernt sein.',
    params: EVENT_ID,
    bodyExample: EXAMPLE_GUEST_STAND_CREATE,
    examples: { 201: { ...EXAMPLE_GUEST_STAND, manageUrl: EXAMPLE_MANAGE_URL } },
  }),
  docOf(LIST_EXHIBITOR_STANDS, {
    description:
      'Für die Ausstellerseite: nur freigegebene Stände, wer auch immer fragt. Ist das Profil des Ausstellers privat, 404 für alle außer ihm und Admins.',
    query: EXHIBITOR_QUERY,
    examples: { 200: [EXAMPLE_STAND] },
  }),
  docOf(REGISTER_STAND, {
    description:
      'Der angemeldete Benutzer meldet seinen Stand bei einem Flohmarkt an (einer je Flohmarkt). Der Standort ist Pflicht und darf höchstens 15 km ' +
      'vom Flohmarkt entfernt sein. Der Stand wartet auf die Freigabe durch den Organisator.',
    bodyExample: EXAMPLE_STAND_CREATE,
    examples: { 201: PENDING_STAND },
  }),
  docOf(LIST_MY_STANDS, {
    description: 'Der Benutzer selbst und Admins sehen jeden Status, alle anderen die freigegebenen Stände. Ist sein Profil privat, 404 für alle anderen.',
    params: { userId: USER_ID.id },
    examples: { 200: [EXAMPLE_STAND] },
  }),
  docOf(GET_STAND, {
    description: 'Freigegebene Stände sind öffentlich; wartende und abgelehnte sieht nur, wer sie verwalten darf, zurückgezogene nur der Inhaber (sonst 404).',
    params: STAND_ID,
    examples: { 200: EXAMPLE_STAND },
  }),
  docOf(GET_STAND_CALENDAR, {
    description:
      '„In meinen Kalender“: die eigene Anmeldung als `.ics`-Datei (RFC 5545, Europe/Berlin) – die Zeiten des Markts, als Ort die eigene Adresse ' +
      '(sonst der Ort des Markts), GEO des Stands, Status (genehmigt: CONFIRMED, wartend: TENTATIVE, abgelehnt, zurückgezogen oder Markt abgesagt: ' +
      'CANCELLED) und eine Erinnerung (VALARM) um 18 Uhr am Vorabend. Für alle, die den Stand bearbeiten dürfen; enthält die ganze Adresse, daher nie aus einem gemeinsamen Cache.',
    params: STAND_ID,
  }),
  docOf(UPDATE_STAND, {
    description:
      'Inhaber, Organisator, Mitveranstalter:innen oder Admin; einen Gaststand nur Organisator, Mitveranstalter:innen und Admin. `photos` darf die vorhandenen Fotos nur sortieren oder entfernen.',
    params: STAND_ID,
    bodyExample: { ...EXAMPLE_STAND_CREATE, eventId: undefined, photos: EXAMPLE_STAND.photos },
    examples: { 200: EXAMPLE_STAND },
  }),
  docOf(DELETE_STAND, {
    description:
      'Der Inhaber zieht seinen Stand damit zurück (Status `withdrawn`, danach sieht nur er ihn noch). Organisator, Mitveranstalter:innen oder Admin löschen ihn, ' +
      'Fotos und Bewertungen gehen mit; einen Gaststand können nur sie löschen.',
    params: STAND_ID,
  }),
  docOf(APPROVE_STAND, {
    description: 'Organisator des Flohmarkts, Mitveranstalter:innen oder Admin; auch ein abgelehnter Stand lässt sich freigeben. Wiederholbar.',
    params: STAND_ID,
    examples: { 200: EXAMPLE_STAND },
  }),
  docOf(REJECT_STAND, {
    description:
      'Organisator des Flohmarkts, Mitveranstalter:innen oder Admin, mit einem freiwilligen Grund (höchstens 500 Zeichen). Der Stand bleibt als „Abgelehnt“ für seinen Inhaber ' +
      'sichtbar, bei einem Gaststand über den Verwaltungslink, mit dem Grund. Erneutes Ablehnen ersetzt den Grund.',
    params: STAND_ID,
    bodyExample: { reason: REJECTION_REASON },
    examples: { 200: { ...EXAMPLE_STAND, status: 'rejected', isApproved: false, rejectionReason: REJECTION_REASON } },
  }),
  docOf(LIST_USER_STANDS, {
    description: 'Dieselbe Liste wie `GET /stands/user/{userId}`.',
    params: USER_ID,
    examples: { 200: [EXAMPLE_STAND] },
  }),
  docOf(LIST_STAND_REVIEWS, { description: `Neueste zuerst. ${REVIEWER_NAME}`, params: STAND_ID, examples: { 200: [EXAMPLE_REVIEW] } }),
  docOf(CREATE_REVIEW, {
    description: 'Ab Beginn des Flohmarkts, einmal je Besucher, nur freigegebene Stände und nie der eigene; an einem abgesagten Flohmarkt gar nicht.',
    params: STAND_ID,
    bodyExample: { rating: EXAMPLE_REVIEW.rating, comment: EXAMPLE_REVIEW.comment },
    examples: { 201: EXAMPLE_REVIEW },
  }),
  docOf(DELETE_REVIEW, {
    description:
      'Wer die Bewertung geschrieben hat, löscht sie (und kann den Stand danach neu bewerten); Admins löschen jede. Inhaber des Stands und Organisator dürfen es nicht. ' +
      'Der Durchschnitt des Ausstellers ändert sich mit.',
    params: { ...STAND_ID, reviewId: 'Die ID der Bewertung (UUID), eine Bewertung dieses Stands.' },
  }),
  docOf(LIST_EXHIBITOR_REVIEWS, {
    description:
      'Die letzten zehn Bewertungen der freigegebenen Stände eines Ausstellers, für die Ausstellerseite; leer für alle außer ihm und Admins, wenn sein Profil privat ist. ' +
      REVIEWER_NAME,
    query: EXHIBITOR_QUERY,
    examples: { 200: [EXAMPLE_REVIEW] },
  }),
  docOf(GET_ADMIN_STAND_STATS, {
    description: 'Nur Admins: die Zähler der Übersichtsseite.',
    examples: { 200: { approved: 1280, pending: 37, rejected: 12 } },
  }),
];
