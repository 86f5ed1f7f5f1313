import {
  type TAlert,
  type TEvent,
  type TExhibitor,
  type TExhibitorProfile,
  type TItem,
  type TItemCreate,
  type TReview,
  type TStand,
} from '@flohmarkt/contracts';

/*
 * Realistic German examples for the document: one Flohmarkt in Köln-Ehrenfeld, a stand at it, the
 * exhibitor and a review. build-document.spec.ts checks every example against its zod schema, so an
 * example that drifts from the contract fails a test instead of misleading a reader.
 */

export const EXAMPLE_IDS = {
  event: '3f6c2a8e-5b1d-4c7a-9e21-7d4b8a0f1c35',
  organizer: '8b2e4f61-0c3a-4d9e-b5f7-2a6c1e9d4b80',
  exhibitor: 'c7d1a3e5-9f2b-4e6a-8c0d-5b3f7a1e2d94',
  reviewer: 'e4a9c2f7-1b6d-4f3e-a8c5-0d2b9e7f6a13',
  stand: '5a8e1c3f-7d2b-4a9e-b6c1-3f0d8e2a7b56',
  guestStand: '9d4f2b7a-3e1c-4b8d-a5f6-7c0e2d9b1a48',
  photo: '2c7e9a4d-6b1f-4d3a-8e5c-1a9f7b3d0e62',
  review: 'b3f8d1a6-4c9e-4a2b-9d7f-6e1c0a5b8d37',
  profile: 'f1a6c9e3-2d8b-4f5a-b7e0-9c3d1a6e4f28',
  series: '6e2b9d4a-8c1f-4a7e-b3d5-0f9c2e6a1b74',
  item: '7b1e4c9a-2d6f-4a8e-9c3b-5f0a1d7e2b64',
  nextEvent: 'a1d7e3c9-5f2b-4e8a-9c6d-3b0f7e1a4d25',
} as const;

const PHOTO_PATH = `/api/media/stands/${EXAMPLE_IDS.stand}/${EXAMPLE_IDS.photo}.jpg`;

export const EXAMPLE_EVENT: TEvent = {
  id: EXAMPLE_IDS.event,
  name: 'Hofflohmarkt Ehrenfeld',
  description: 'Über 80 Höfe und Vorgärten öffnen ihre Tore: Kleidung, Bücher, Spielzeug und selbstgebackener Kuchen.',
  rules: 'Verkauf nur aus dem eigenen Hof oder Vorgarten. Keine Neuware, keine gewerblichen Händler.',
  location: 'Ehrenfeld, 50823 Köln',
  latitude: '50.94770000',
  longitude: '6.91660000',
  startDateTime: '2026-06-13T08:00:00.000Z',
  endDateTime: '2026-06-13T14:00:00.000Z',
  organizerId: EXAMPLE_IDS.organizer,
  status: 'planned',
  cancelReason: null,
  contactEmail: 'hofflohmarkt@example.org',
  contactPhone: '0221 123 456 78',
  websiteUrl: 'https://example.org/hofflohmarkt-ehrenfeld',
  websiteLinkText: 'Lageplan und alle Höfe',
  allowStandRegistration: true,
  registrationDeadline: '2026-06-06T21:59:00.000Z',
  notifyOnRegistration: true,
  phase: 'upcoming',
  seriesId: null,
  copiedFromId: null,
  createdAt: '2026-03-02T09:15:27.000Z',
  updatedAt: '2026-04-18T17:42:05.000Z',
  standCount: 42,
};

/** The event as a write answers it: without `standCount` (the write did not touch stands). */
const { standCount: _omitted, ...stored } = EXAMPLE_EVENT;
export const EXAMPLE_EVENT_STORED = stored;

/** What the create form sends: coordinates as numbers, dates with their zone. */
export const EXAMPLE_EVENT_CREATE = {
  name: EXAMPLE_EVENT.name,
  description: EXAMPLE_EVENT.description,
  rules: EXAMPLE_EVENT.rules,
  location: EXAMPLE_EVENT.location,
  latitude: 50.9477,
  longitude: 6.9166,
  startDateTime: '2026-06-13T10:00:00+02:00',
  endDateTime: '2026-06-13T16:00:00+02:00',
  contactEmail: EXAMPLE_EVENT.contactEmail,
  contactPhone: EXAMPLE_EVENT.contactPhone,
  websiteUrl: EXAMPLE_EVENT.websiteUrl,
  websiteLinkText: EXAMPLE_EVENT.websiteLinkText,
  allowStandRegistration: true,
  registrationDeadline: '2026-06-06T23:59:00+02:00',
  notifyOnRegistration: true,
};

export const EXAMPLE_STAND: TStand = {
  id: EXAMPLE_IDS.stand,
  eventId: EXAMPLE_IDS.event,
  exhibitorId: EXAMPLE_IDS.exhibitor,
  standNumber: 'Hof 17',
  description: 'Kinderkleidung Gr. 98–128, Bilderbücher und Brettspiele, alles gut erhalten.',
  categories: ['Kinderkleidung', 'Bücher', 'Gesellschaftsspiele'],
  foodCategories: ['Waffeln'],
  activityCategories: [],
  photos: [PHOTO_PATH],
  photoStates: [{ path: PHOTO_PATH, state: 'ready' }],
  latitude: '50.94812000',
  longitude: '6.91540000',
  status: 'approved',
  isApproved: true,
  isDraft: false,
  acceptsPayPal: true,
  guestFirstName: null,
  guestLastName: null,
  exhibitor: { id: EXAMPLE_IDS.exhibitor, firstName: 'Anna', lastName: 'Becker' },
  address: { street: 'Venloer Straße', houseNumber: '389', postcode: '50825', town: 'Köln' },
  label: 'Hof 17',
  photoError: null,
  createdAt: '2026-04-20T18:03:11.000Z',
  updatedAt: '2026-04-22T07:30:45.000Z',
};

export const EXAMPLE_GUEST_STAND: TStand = {
  ...EXAMPLE_STAND,
  id: EXAMPLE_IDS.guestStand,
  exhibitorId: null,
  standNumber: null,
  description: 'Schallplatten aus den 70ern und 80ern, dazu ein paar Comics.',
  categories: ['Schallplatten', 'Zeitschriften'],
  foodCategories: [],
  photos: [],
  photoStates: [],
  latitude: null,
  longitude: null,
  status: 'pending',
  isApproved: false,
  isDraft: true,
  acceptsPayPal: false,
  guestFirstName: 'Jürgen',
  guestLastName: 'Schäfer',
  exhibitor: null,
  address: { street: 'Körnerstraße', houseNumber: '12a', postcode: '50823', town: 'Köln' },
  label: 'Körnerstraße 12a',
};

/** A guest's private manage link (`<PUBLIC_URL>/anmeldung/<token>`). */
export const EXAMPLE_MANAGE_URL = 'https://flohmarkt.example.org/anmeldung/q3T9xK2mVb7LpZ4nRw8sYc';

export const EXAMPLE_STAND_CREATE = {
  eventId: EXAMPLE_IDS.event,
  standNumber: 'Hof 17',
  description: EXAMPLE_STAND.description,
  categories: EXAMPLE_STAND.categories,
  foodCategories: EXAMPLE_STAND.foodCategories,
  activityCategories: [],
  acceptsPayPal: true,
  latitude: 50.94812,
  longitude: 6.9154,
};

export const EXAMPLE_GUEST_STAND_CREATE = {
  guestFirstName: 'Jürgen',
  guestLastName: 'Schäfer',
  guestEmail: 'juergen.schaefer@example.org',
  description: EXAMPLE_GUEST_STAND.description,
  categories: EXAMPLE_GUEST_STAND.categories,
  acceptsPayPal: false,
};

export const EXAMPLE_REVIEW: TReview = {
  id: EXAMPLE_IDS.review,
  standId: EXAMPLE_IDS.stand,
  reviewerId: EXAMPLE_IDS.reviewer,
  rating: 5,
  comment: 'Sehr nette Verkäuferin, faire Preise – zwei Puzzles für meine Tochter gefunden.',
  createdAt: '2026-06-13T11:47:02.000Z',
  // Only the initial of the last name: reviews are public, whether or not the writer's profile is.
  reviewer: { id: EXAMPLE_IDS.reviewer, firstName: 'Mehmet', lastName: 'Y.' },
};

export const EXAMPLE_USER = {
  id: EXAMPLE_IDS.exhibitor,
  email: 'anna.becker@example.org',
  firstName: 'Anna',
  lastName: 'Becker',
  profileImageUrl: null,
  role: 'participant' as const,
  createdAt: '2026-01-11T19:20:00.000Z',
  updatedAt: '2026-04-20T18:00:00.000Z',
};

export const EXAMPLE_PROFILE: TExhibitorProfile = {
  id: EXAMPLE_IDS.profile,
  userId: EXAMPLE_IDS.exhibitor,
  bio: 'Ich verkaufe, was meinen drei Kindern zu klein geworden ist – meist im Kölner Westen.',
  specialties: ['Kinderkleidung', 'Brettspiele'],
  kleinanzeigenUrl: null,
  vintedUrl: 'https://example.org/vinted/anna-becker',
  totalStands: 7,
  avgRating: '4.80',
  visibility: 'public',
  createdAt: '2026-01-12T08:00:00.000Z',
  updatedAt: '2026-04-02T16:25:00.000Z',
};

export const EXAMPLE_EXHIBITOR: TExhibitor = {
  id: EXAMPLE_IDS.exhibitor,
  firstName: 'Anna',
  lastName: 'Becker',
  profileImageUrl: null,
  bio: EXAMPLE_PROFILE.bio,
  specialties: EXAMPLE_PROFILE.specialties,
  totalStands: EXAMPLE_PROFILE.totalStands,
  avgRating: EXAMPLE_PROFILE.avgRating,
  kleinanzeigenUrl: null,
  vintedUrl: EXAMPLE_PROFILE.vintedUrl,
  memberSince: EXAMPLE_USER.createdAt,
};

export const EXAMPLE_PHOTO_PATH = PHOTO_PATH;

/** A Flohmarkt-Alarm (issue 34). */
export const EXAMPLE_ALERT: TAlert = {
  id: 'a1e2c3d4-5b6f-4a7b-8c9d-0e1f2a3b4c5d',
  lat: 50.9478,
  lng: 6.9192,
  radiusKm: 10,
  label: 'Köln-Ehrenfeld',
  categories: ['Bücher', 'Spielzeug'],
  query: null,
  createdAt: '2026-05-02T09:15:00.000Z',
  mailsOff: false,
};

/** An item of the example stand (issue 35), as the form sends it and as reads answer it. */
export const EXAMPLE_ITEM_CREATE: TItemCreate = { title: 'Kinderfahrrad 20 Zoll, blau', price: { kind: 'fixed', cents: 3500 }, category: 'Spielzeug' };
export const EXAMPLE_ITEM: TItem = {
  id: EXAMPLE_IDS.item,
  standId: EXAMPLE_IDS.stand,
  title: EXAMPLE_ITEM_CREATE.title,
  price: { kind: 'fixed', cents: 3500 },
  category: 'Spielzeug',
  photo: null,
  status: 'available',
  createdAt: '2026-05-30T18:12:44.000Z',
  updatedAt: '2026-05-30T18:12:44.000Z',
};
