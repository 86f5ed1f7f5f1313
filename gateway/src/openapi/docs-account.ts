import { DELETE_ACCOUNT, EXPORT_ACCOUNT, type TAccountExport } from '@flohmarkt/contracts';
import { EXAMPLE_ALERT, EXAMPLE_EVENT, EXAMPLE_ITEM, EXAMPLE_PROFILE, EXAMPLE_REVIEW, EXAMPLE_STAND, EXAMPLE_USER } from './examples.js';
import { EXAMPLE_HOLD } from './docs-holds.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader } from './answer-headers.js';

const EXPORT_EXAMPLE: TAccountExport = {
  exportedAt: '2026-05-02T09:15:00.000Z',
  account: EXAMPLE_USER,
  exhibitorProfile: EXAMPLE_PROFILE,
  events: [],
  stands: [
    {
      id: EXAMPLE_STAND.id,
      eventId: EXAMPLE_STAND.eventId,
      eventName: EXAMPLE_EVENT.name,
      standNumber: EXAMPLE_STAND.standNumber,
      description: EXAMPLE_STAND.description,
      categories: EXAMPLE_STAND.categories,
      foodCategories: EXAMPLE_STAND.foodCategories,
      activityCategories: EXAMPLE_STAND.activityCategories,
      latitude: EXAMPLE_STAND.latitude,
      longitude: EXAMPLE_STAND.longitude,
      status: 'approved',
      rejectionReason: null,
      acceptsPayPal: true,
      locationPrecision: 'approximate',
      nameDisplay: 'number',
      address: EXAMPLE_STAND.address ?? null,
      photos: EXAMPLE_STAND.photos,
      createdAt: EXAMPLE_STAND.createdAt,
      updatedAt: EXAMPLE_STAND.updatedAt,
    },
  ],
  reviews: [
    {
      id: EXAMPLE_REVIEW.id,
      standId: EXAMPLE_REVIEW.standId,
      rating: 4,
      comment: 'Schöne alte Schallplatten, freundlich beraten.',
      createdAt: EXAMPLE_REVIEW.createdAt,
    },
  ],
  favourites: { events: [EXAMPLE_EVENT.id], stands: [EXAMPLE_STAND.id], reminders: [EXAMPLE_EVENT.id] },
  follows: { organizers: [EXAMPLE_EVENT.organizerId] },
  alerts: [EXAMPLE_ALERT],
  items: [EXAMPLE_ITEM],
  holds: [EXAMPLE_HOLD],
  teamMemberships: [{ eventId: EXAMPLE_EVENT.id, eventName: EXAMPLE_EVENT.name, role: 'helper', joinedAt: '2026-05-02T18:30:00.000Z' }],
};

/** The signed-in user's own account (issue 20): declared in libs/contracts/src/public-api/account.ts. */
/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const ACCOUNT_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(EXPORT_ACCOUNT, {
    description:
      'Alle Daten des angemeldeten Benutzers als eine JSON-Datei: Konto, Ausstellerprofil, eigene Flohmärkte, eigene Stände (mit Status und Foto-Links) und geschriebene Bewertungen, im Moment des Aufrufs bei jedem Dienst gelesen. Nur die eigenen Daten (keine ID im Pfad). Ist ein Dienst nicht erreichbar, gibt es 503 und keine unvollständige Datei.',
    examples: { 200: EXPORT_EXAMPLE },
    headers: {
      200: {
        'Content-Disposition': textHeader('Immer `attachment` mit dem Dateinamen, z. B. `meine-daten-flohmarkt-2026-05-02.json`.'),
        'Cache-Control': textHeader('Immer `no-store`: persönliche Daten bleiben in keinem Cache.'),
      },
    },
  }),
  docOf(DELETE_ACCOUNT, {
    description:
      'Die E-Mail-Adresse des Kontos wird zur Bestätigung noch einmal eingegeben. Wie das Löschen durch einen Admin gehen Profil, Flohmärkte, Stände, Fotos und Bewertungen mit; die Sitzung endet (Cookie gelöscht). Eine neue Anmeldung legt ein neues, leeres Konto an. Wer noch Flohmärkte organisiert, die nicht vorbei sind, sagt sie zuerst ab. Ein zweiter Aufruf ist 401 (abgemeldet).',
    bodyExample: { confirm: EXAMPLE_USER.email },
  }),
];
