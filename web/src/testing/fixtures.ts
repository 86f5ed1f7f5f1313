import { standLabel, type TEvent, type TExhibitor, type TGeocodeResult, type TStand } from '@flohmarkt/contracts';

let counter = 0;
function uuid(prefix: number): string {
  counter += 1;
  return `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function makeEvent(overrides: Partial<TEvent> = {}): TEvent {
  return {
    id: uuid(1),
    name: 'Hofflohmarkt Kreuzberg',
    description: 'Viele Höfe öffnen ihre Tore.',
    rules: 'Aufbau ab 8 Uhr.',
    location: 'Bergmannstraße, 10961 Berlin',
    latitude: '52.48900000',
    longitude: '13.39500000',
    startDateTime: '2030-06-01T08:00:00.000Z',
    endDateTime: '2030-06-01T15:00:00.000Z',
    organizerId: '00000009-0000-4000-8000-000000000001',
    status: 'planned',
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    cancelReason: null,
    registrationDeadline: null,
    notifyOnRegistration: true,
    phase: 'upcoming',
    seriesId: null,
    copiedFromId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    standCount: 0,
    ...overrides,
  };
}

export function makeStand(overrides: Partial<TStand> = {}): TStand {
  const stand: Omit<TStand, 'label'> = {
    id: uuid(2),
    eventId: '00000001-0000-4000-8000-000000000001',
    exhibitorId: null,
    standNumber: null,
    description: 'Bücher und Spielzeug aus zweiter Hand',
    categories: [],
    foodCategories: [],
    activityCategories: [],
    photos: [],
    photoStates: [],
    latitude: null,
    longitude: null,
    status: 'approved',
    isApproved: true,
    isDraft: false,
    acceptsPayPal: false,
    guestFirstName: null,
    guestLastName: null,
    exhibitor: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
  // Named as the server names it (contracts standLabel), unless the test says otherwise.
  return { ...stand, label: overrides.label ?? standLabel(stand) };
}

export function makeExhibitor(overrides: Partial<TExhibitor> = {}): TExhibitor {
  return {
    id: '00000009-0000-4000-8000-000000000002',
    firstName: 'Erika',
    lastName: 'Muster',
    profileImageUrl: null,
    bio: null,
    specialties: [],
    totalStands: 0,
    avgRating: '0',
    kleinanzeigenUrl: null,
    vintedUrl: null,
    memberSince: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
}

/** The address search's answer for a street it knows, near makeEvent's market in Kreuzberg (52.489, 13.395). */
export const BERGMANNSTRASSE_12: TGeocodeResult = {
  displayName: 'Bergmannstraße 12, 10961 Berlin',
  lat: 52.4889,
  lng: 13.3958,
  placeId: 'street:berlin:bergmannstrasse:12',
  address: { street: 'Bergmannstraße', houseNumber: '12', postcode: '10961', town: 'Berlin' },
};
