import { z } from 'zod';
import {
  API_ERRORS,
  SCREENS,
  STAND_API_ERRORS,
  STAND_NUMBER_MESSAGES,
  VALIDATION,
  ZDraftListQuery,
  ZId,
  ZReviewListQuery,
  standTooFar,
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
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const EVENT_ID = { id: 'Die ID des Flohmarkts (UUID).' };
const STAND_ID = { id: 'Die ID des Stands (UUID).' };
// Why registration is closed (registrationClosedReason): the organiser and admins may still add stands unless it is cancelled or over.
const REGISTRATION_CLOSED = [
  API_ERRORS.registrationUnavailable,
  API_ERRORS.registrationEventCancelled,
  API_ERRORS.registrationEventEnded,
  API_ERRORS.registrationDeadlinePassed,
];
const PENDING_STAND = { ...EXAMPLE_STAND, status: 'pending', isApproved: false, isDraft: true };

/** The stands service: stands, their moderation and reviews. */
export const STAND_DOCS: RouteDocTable = {
  'GET /events/:id/stands': {
    summary: 'Stände eines Flohmarkts',
    description: 'Freigegebene Stände; der Organisator und Admins sehen auch die wartenden.',
    params: EVENT_ID,
    answers: [
      {
        status: 200,
        description: 'Die Stände des Flohmarkts.',
        schema: 'Stand',
        list: true,
        example: [EXAMPLE_STAND],
        headers: {
          'Cache-Control': {
            description:
              '`private, no-store`, wenn die Antwort mehr enthält als die öffentliche Ansicht (für den Organisator, Admins oder mit einem eigenen Stand des Aufrufers): ' +
              'dann bewahrt kein Cache sie auf, auch nicht die Offline-Kopie der Web-App. Sonst fehlt der Header.',
            schema: { type: 'string' },
          },
        },
      },
    ],
    errors: { 404: [API_ERRORS.eventNotFound] },
  },
  'GET /events/:id/draft-stands': {
    summary: 'Prüfliste der Anmeldungen eines Flohmarkts',
    description:
      'Für den Organisator und Admins: Gaststände und Stände angemeldeter Benutzer, ohne Filter die auf Freigabe wartenden. ' +
      'Jeder Stand nennt in `duplicateOf` die anderen Anmeldungen des Flohmarkts mit demselben Namen oder höchstens 20 m entfernt (mögliche Doppelanmeldungen); ' +
      'Stände auf der Warteliste tragen ihren Platz `waitlistPosition`.',
    params: EVENT_ID,
    query: {
      schema: ZDraftListQuery,
      descriptions: { status: 'Status, durch Komma getrennt: pending, waitlisted, approved, rejected (ohne Angabe: pending).' },
      examples: { status: 'pending,waitlisted' },
    },
    answers: [
      {
        status: 200,
        description: 'Die Stände in der Reihenfolge ihrer Anmeldung.',
        schema: 'DraftListStand',
        list: true,
        example: [{ ...EXAMPLE_GUEST_STAND, duplicateOf: [] }],
      },
    ],
    errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.invalidStandStatusFilter] },
  },
  'PATCH /events/:id/stands/review': {
    summary: 'Viele Anmeldungen auf einmal freigeben oder ablehnen',
    description:
      'Organisator des Flohmarkts oder Admin. Eine Transaktion: alle genannten Stände werden freigegeben bzw. abgelehnt (mit der optionalen Begründung) oder keiner; ' +
      'jeder Stand, dessen Entscheidung sich ändert, bekommt eine E-Mail. Durch Ablehnungen frei gewordene Plätze rücken von der Warteliste nach. ' +
      'Ein Stand auf der Warteliste kann direkt freigegeben werden (auch über `maxStands` hinaus).',
    params: EVENT_ID,
    body: { schema: 'StandBulkReview', example: { approve: [EXAMPLE_IDS.stand], reject: [], reason: null } },
    answers: [{ status: 200, description: 'Die entschiedenen Stände, wie sie jetzt sind.', schema: 'Stand', list: true, example: [EXAMPLE_STAND] }],
    errors: {
      404: [API_ERRORS.eventNotFound],
      403: [API_ERRORS.standManagementForbidden],
      400: [API_ERRORS.reviewNothingSelected, API_ERRORS.reviewStandTwice, API_ERRORS.reviewStandsNotOfEvent, VALIDATION.invalidStandIdList],
      409: [API_ERRORS.reviewStandWithdrawn],
    },
  },
  'POST /events/:id/walk-up-stands': {
    idempotent: true,
    summary: 'Stand vor Ort eintragen',
    description:
      'Organisator des Flohmarkts oder Admin: ein Stand für jemanden vor Ort, mit oder ohne Namen, sofort freigegeben. Er zählt zu `maxStands`, ' +
      'wird aber auch bei vollem Flohmarkt angenommen (der Organisator entscheidet vor Ort). Ausgeschaltete Anmeldung oder Anmeldeschluss halten ihn nicht auf, ' +
      'ein abgesagter oder beendeter Flohmarkt schon.',
    params: EVENT_ID,
    body: {
      schema: 'WalkUpStandCreate',
      example: { description: 'Kinderkleidung und Spielzeug', categories: ['Kinderkleidung'], latitude: 50.9413, longitude: 6.9583 },
    },
    answers: [
      {
        status: 201,
        description: 'Der freigegebene Stand.',
        schema: 'Stand',
        example: { ...EXAMPLE_GUEST_STAND, status: 'approved', isApproved: true, isDraft: false },
      },
    ],
    errors: {
      404: [API_ERRORS.eventNotFound],
      403: [API_ERRORS.standManagementForbidden, API_ERRORS.registrationEventCancelled, API_ERRORS.registrationEventEnded],
      400: [VALIDATION.guestDescriptionMinLength, VALIDATION.guestCategoriesRequired, standTooFar(17.3)],
    },
  },
  'GET /events/:id/stand-overview': {
    summary: 'Zähler und Stände je Straße',
    description:
      'Organisator des Flohmarkts oder Admin: freigegebene, wartende, auf der Warteliste stehende und abgelehnte Stände, die freien Plätze unter `maxStands` ' +
      '(freigegebene und wartende abgezogen) und die freigegebenen und wartenden Stände je Straße (`kind: street`; die Straße jedes Standorts ' +
      'fragt der Dienst einmal im Hintergrund beim Geocoder nach, wenn einer eingerichtet ist), sonst je Bereich von etwa 100 m ' +
      '(`kind: cell`, „Bereich 1“ im Nordwesten zuerst); die dünnsten zuerst.',
    params: EVENT_ID,
    answers: [
      {
        status: 200,
        description: 'Die Zähler des Flohmarkts.',
        schema: 'StandOverview',
        example: {
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
    ],
    errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.standManagementForbidden] },
  },
  'POST /events/:id/stand-numbers': {
    summary: 'Stände nummerieren',
    description:
      'Organisator des Flohmarkts oder Admin. Gibt jedem freigegebenen Stand ohne Nummer eine, weiter nach der höchsten Nummer, die der Flohmarkt je vergeben hat: ' +
      'vergebene Nummern bleiben, eine Nummer eines zurückgezogenen oder gelöschten Stands wird nicht wieder vergeben. `street`: Straße für Straße ' +
      '(jede Straße, deren Namen der Geocoder kennt, von einem Ende zum anderen, dann die nächstgelegene; sonst Streifen entlang der ' +
      'Straßenrichtung, abwechselnd hin und zurück); `walk`: entlang des kürzesten Wegs ab `start` (sonst ab dem Ort des Flohmarkts). ' +
      'Stände ohne Standort bekommen die letzten Nummern. Jede Nummer gibt es je Flohmarkt nur einmal; von Hand ändert man sie mit `PUT /stands/{id}`.',
    params: EVENT_ID,
    body: { schema: 'StandNumbering', example: { order: 'walk', start: { lat: 52.5208, lng: 13.4094 } } },
    answers: [
      {
        status: 200,
        description: 'Die Stände, die eben eine Nummer bekommen haben, in der Reihenfolge ihrer Nummern (leer, wenn alle schon eine haben).',
        schema: 'Stand',
        list: true,
        example: [{ ...EXAMPLE_STAND, standNumber: '18' }],
      },
    ],
    errors: {
      404: [API_ERRORS.eventNotFound],
      403: [API_ERRORS.forbidden],
      400: [STAND_NUMBER_MESSAGES.invalidOrder, STAND_NUMBER_MESSAGES.invalidStart],
      409: [STAND_NUMBER_MESSAGES.numberTaken],
    },
  },
  'POST /events/:id/guest-stands': {
    idempotent: true,
    summary: 'Gaststand ohne Konto anmelden',
    description:
      'Ohne Anmeldung; je Adresse begrenzt. Der Stand wartet auf die Freigabe durch den Organisator. ' +
      'Der Standort ist freiwillig, muss aber höchstens 15 km vom Flohmarkt entfernt sein.',
    params: EVENT_ID,
    body: { schema: 'GuestStandCreate', example: EXAMPLE_GUEST_STAND_CREATE },
    answers: [
      {
        status: 201,
        description:
          'Der angemeldete Gaststand (Status `pending`) mit dem privaten Verwaltungslink `manageUrl`: nur in dieser Antwort, und per E-Mail, wenn `guestEmail` angegeben war.',
        schema: 'GuestStandCreated',
        example: { ...EXAMPLE_GUEST_STAND, manageUrl: EXAMPLE_MANAGE_URL },
      },
    ],
    errors: {
      404: [API_ERRORS.eventNotFound],
      403: REGISTRATION_CLOSED,
      400: [VALIDATION.guestFirstNameRequired, VALIDATION.guestDescriptionMinLength, VALIDATION.guestCategoriesRequired, standTooFar(17.3)],
    },
  },
  'GET /stands': {
    summary: 'Freigegebene Stände eines Ausstellers',
    description:
      'Für die Ausstellerseite: nur freigegebene Stände, wer auch immer fragt. Ist das Profil des Ausstellers privat, 404 für alle außer ihm und Admins.',
    query: {
      schema: z.object({ exhibitorId: ZId }),
      descriptions: { exhibitorId: 'Die Benutzer-ID des Ausstellers (UUID).' },
      examples: { exhibitorId: EXAMPLE_IDS.exhibitor },
    },
    answers: [{ status: 200, description: 'Die Stände.', schema: 'Stand', list: true, example: [EXAMPLE_STAND] }],
    errors: { 400: [STAND_API_ERRORS.exhibitorIdRequired], 404: [API_ERRORS.userNotFound] },
  },
  'POST /stands': {
    idempotent: true,
    summary: 'Stand anmelden',
    description:
      'Der angemeldete Benutzer meldet seinen Stand bei einem Flohmarkt an (einer je Flohmarkt). Der Standort ist Pflicht und darf höchstens 15 km ' +
      'vom Flohmarkt entfernt sein. Der Stand wartet auf die Freigabe durch den Organisator.',
    body: { schema: 'StandCreate', example: EXAMPLE_STAND_CREATE, alsoRequired: ['latitude', 'longitude'] },
    answers: [{ status: 201, description: 'Der angemeldete Stand (Status `pending`).', schema: 'Stand', example: PENDING_STAND }],
    errors: {
      404: [API_ERRORS.eventNotFound],
      403: REGISTRATION_CLOSED,
      400: [VALIDATION.eventIdRequired, VALIDATION.standDescriptionMinLength, VALIDATION.standLocationRequired, standTooFar(17.3)],
      409: [API_ERRORS.standAlreadyRegistered],
    },
  },
  'GET /stands/user/:userId': {
    summary: 'Stände eines Benutzers („Meine Stände“)',
    description: 'Der Benutzer selbst und Admins sehen jeden Status, alle anderen die freigegebenen Stände. Ist sein Profil privat, 404 für alle anderen.',
    params: { userId: 'Die ID des Benutzers (UUID).' },
    answers: [{ status: 200, description: 'Die Stände.', schema: 'Stand', list: true, example: [EXAMPLE_STAND] }],
    errors: { 404: [API_ERRORS.userNotFound] },
  },
  'GET /stands/:id': {
    summary: 'Einen Stand lesen',
    description: 'Freigegebene Stände sind öffentlich; wartende und abgelehnte sieht nur, wer sie verwalten darf, zurückgezogene nur der Inhaber (sonst 404).',
    params: STAND_ID,
    answers: [{ status: 200, description: 'Der Stand.', schema: 'Stand', example: EXAMPLE_STAND }],
    errors: { 404: [API_ERRORS.standNotFound] },
  },
  'PUT /stands/:id': {
    summary: 'Stand bearbeiten',
    description:
      'Inhaber, Organisator oder Admin; einen Gaststand nur Organisator und Admin. `photos` darf die vorhandenen Fotos nur sortieren oder entfernen.',
    params: STAND_ID,
    body: {
      schema: 'StandUpdate',
      example: { ...EXAMPLE_STAND_CREATE, eventId: undefined, photos: EXAMPLE_STAND.photos },
      alsoRequired: ['latitude', 'longitude'],
    },
    answers: [{ status: 200, description: 'Der gespeicherte Stand.', schema: 'Stand', example: EXAMPLE_STAND }],
    errors: {
      404: [API_ERRORS.standNotFound],
      403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly],
      400: [VALIDATION.standDescriptionRequired, STAND_API_ERRORS.photosOnlyReorder, standTooFar(17.3)],
      409: [STAND_NUMBER_MESSAGES.numberTaken],
    },
  },
  'DELETE /stands/:id': {
    summary: 'Stand zurückziehen oder löschen',
    description:
      'Der Inhaber zieht seinen Stand damit zurück (Status `withdrawn`, danach sieht nur er ihn noch). Organisator oder Admin löschen ihn, ' +
      'Fotos und Bewertungen gehen mit; einen Gaststand können nur sie löschen.',
    params: STAND_ID,
    answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
    errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden, SCREENS.guestStandOrganizerOnly] },
  },
  'PATCH /stands/:id/approve-draft': {
    idempotent: true,
    summary: 'Stand freigeben',
    description: 'Organisator des Flohmarkts oder Admin; auch ein abgelehnter Stand lässt sich freigeben. Wiederholbar.',
    params: STAND_ID,
    answers: [{ status: 200, description: 'Der freigegebene Stand.', schema: 'Stand', example: EXAMPLE_STAND }],
    // The registrant's wished number is taken by an approved stand: change it first.
    errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden], 409: [STAND_NUMBER_MESSAGES.numberTaken] },
  },
  'PATCH /stands/:id/reject': {
    idempotent: true,
    summary: 'Stand ablehnen',
    description:
      'Organisator des Flohmarkts oder Admin, mit einem freiwilligen Grund (höchstens 500 Zeichen). Der Stand bleibt als „Abgelehnt“ für seinen Inhaber ' +
      'sichtbar, bei einem Gaststand über den Verwaltungslink, mit dem Grund. Erneutes Ablehnen ersetzt den Grund.',
    params: STAND_ID,
    body: { schema: 'StandReject', example: { reason: 'Leider sind alle Plätze für Kleidung schon vergeben.' }, optional: true },
    answers: [
      {
        status: 200,
        description: 'Der abgelehnte Stand.',
        schema: 'Stand',
        example: { ...EXAMPLE_STAND, status: 'rejected', isApproved: false, rejectionReason: 'Leider sind alle Plätze für Kleidung schon vergeben.' },
      },
    ],
    errors: { 404: [API_ERRORS.standNotFound], 403: [API_ERRORS.forbidden], 400: [VALIDATION.rejectionReasonTooLong] },
  },
  'GET /users/:id/stands': {
    summary: 'Stände eines Benutzers (Benutzerseite)',
    description: 'Dieselbe Liste wie `GET /stands/user/{userId}`.',
    params: { id: 'Die ID des Benutzers (UUID).' },
    answers: [{ status: 200, description: 'Die Stände.', schema: 'Stand', list: true, example: [EXAMPLE_STAND] }],
    errors: { 404: [API_ERRORS.userNotFound] },
  },
  'GET /stands/:id/reviews': {
    summary: 'Bewertungen eines Stands',
    description: 'Neueste zuerst.',
    params: STAND_ID,
    answers: [{ status: 200, description: 'Die Bewertungen.', schema: 'Review', list: true, example: [EXAMPLE_REVIEW] }],
    errors: { 404: [API_ERRORS.standNotFound] },
  },
  'POST /stands/:id/reviews': {
    summary: 'Stand bewerten',
    description: 'Ab Beginn des Flohmarkts, einmal je Besucher, nur freigegebene Stände und nie der eigene.',
    params: STAND_ID,
    body: { schema: 'ReviewCreate', example: { rating: EXAMPLE_REVIEW.rating, comment: EXAMPLE_REVIEW.comment } },
    answers: [{ status: 201, description: 'Die gespeicherte Bewertung.', schema: 'Review', example: EXAMPLE_REVIEW }],
    errors: {
      404: [API_ERRORS.standNotFound],
      403: [STAND_API_ERRORS.reviewBeforeStart, STAND_API_ERRORS.reviewOwnStand, STAND_API_ERRORS.reviewNotApproved],
      400: [VALIDATION.invalidRating],
      409: [STAND_API_ERRORS.reviewAlreadyGiven],
    },
  },
  'GET /reviews': {
    summary: 'Neueste Bewertungen eines Ausstellers',
    description:
      'Die letzten zehn Bewertungen der freigegebenen Stände eines Ausstellers, für die Ausstellerseite; leer für alle außer ihm und Admins, wenn sein Profil privat ist.',
    query: {
      schema: ZReviewListQuery,
      descriptions: { exhibitorId: 'Die Benutzer-ID des Ausstellers (UUID).' },
      examples: { exhibitorId: EXAMPLE_IDS.exhibitor },
    },
    answers: [{ status: 200, description: 'Die Bewertungen, neueste zuerst.', schema: 'Review', list: true, example: [EXAMPLE_REVIEW] }],
    errors: { 400: [VALIDATION.invalidId] },
  },
  'GET /admin/stand-stats': {
    summary: 'Stände nach Status zählen',
    description: 'Nur Admins: die Zähler der Übersichtsseite.',
    answers: [
      { status: 200, description: 'Die Anzahl der Stände je Status.', schema: 'AdminStandStats', example: { approved: 1280, pending: 37, rejected: 12 } },
    ],
    errors: { 403: [API_ERRORS.forbidden] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const STAND_CALL_DOCS: readonly CallDocEntry[] = [];
