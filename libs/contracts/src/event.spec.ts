import { describe, expect, it } from 'vitest';
import { ZAdminEvent, ZEvent, ZEventCreate, ZEventUpdate } from './event.js';
import { API_ERRORS, VALIDATION } from './messages.js';
import { firstMessage } from './testing/issues.js';

const ORGANIZER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

const validCreate = {
  name: 'Hofflohmarkt Prenzlauer Berg',
  location: 'Kollwitzplatz, Berlin',
  startDateTime: '2025-06-01T08:00:00.000Z',
  endDateTime: '2025-06-01T14:00:00.000Z',
};

describe('ZEventCreate', () => {
  it('accepts a minimal body and fills defaults', () => {
    expect(ZEventCreate.parse(validCreate)).toEqual({
      ...validCreate,
      description: null,
      rules: null,
      latitude: null,
      longitude: null,
      contactEmail: null,
      contactPhone: null,
      websiteUrl: null,
      websiteLinkText: null,
      allowStandRegistration: true,
    });
  });

  it('strips organizerId and unknown fields', () => {
    const parsed = ZEventCreate.parse({ ...validCreate, organizerId: ORGANIZER, status: 'done', hack: true });
    expect(parsed).not.toHaveProperty('organizerId');
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('hack');
  });

  it('normalises coordinates from numbers, numeric strings and null', () => {
    expect(ZEventCreate.parse({ ...validCreate, latitude: '52.52000000', longitude: 13.405 })).toMatchObject({
      latitude: 52.52,
      longitude: 13.405,
    });
    expect(ZEventCreate.parse({ ...validCreate, latitude: null, longitude: '' })).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });

  it('normalises dates from Date objects and offsets to UTC ISO strings', () => {
    const parsed = ZEventCreate.parse({
      ...validCreate,
      startDateTime: new Date('2025-06-01T08:00:00Z'),
      endDateTime: '2025-06-01T16:00:00+02:00',
    });
    expect(parsed.startDateTime).toBe('2025-06-01T08:00:00.000Z');
    expect(parsed.endDateTime).toBe('2025-06-01T14:00:00.000Z');
  });

  it('trims text and turns blank optional text into null', () => {
    const parsed = ZEventCreate.parse({ ...validCreate, name: '  Markt  ', description: '   ', websiteUrl: '' });
    expect(parsed.name).toBe('Markt');
    expect(parsed.description).toBeNull();
    expect(parsed.websiteUrl).toBeNull();
  });

  it.each([
    ['missing start', { ...validCreate, startDateTime: undefined }, VALIDATION.eventStartRequired],
    ['blank start', { ...validCreate, startDateTime: '' }, VALIDATION.eventStartRequired],
    ['missing end', { ...validCreate, endDateTime: undefined }, VALIDATION.eventEndRequired],
    ['null end', { ...validCreate, endDateTime: null }, VALIDATION.eventEndRequired],
    ['end before start', { ...validCreate, endDateTime: '2025-06-01T07:59:00.000Z' }, API_ERRORS.eventEndBeforeStart],
    ['missing name', { ...validCreate, name: undefined }, API_ERRORS.eventNameRequired],
    ['blank name', { ...validCreate, name: '  ' }, API_ERRORS.eventNameRequired],
    ['missing location', { ...validCreate, location: undefined }, API_ERRORS.eventLocationRequired],
    ['garbage date', { ...validCreate, startDateTime: 'morgen' }, VALIDATION.invalidDate],
    ['date without zone', { ...validCreate, startDateTime: '2025-06-01T08:00' }, VALIDATION.invalidDate],
    ['latitude out of range', { ...validCreate, latitude: 91, longitude: 10 }, VALIDATION.invalidLatitude],
    ['longitude not numeric', { ...validCreate, latitude: 52, longitude: '13,4' }, VALIDATION.invalidLongitude],
    ['only one coordinate', { ...validCreate, latitude: 52 }, VALIDATION.coordinatesIncomplete],
    ['bad e-mail', { ...validCreate, contactEmail: 'kein-mail' }, VALIDATION.invalidEmail],
    ['non-http website', { ...validCreate, websiteUrl: 'javascript:alert(1)' }, VALIDATION.invalidUrl],
    ['non-boolean registration flag', { ...validCreate, allowStandRegistration: 'ja' }, VALIDATION.invalidBoolean],
  ])('rejects %s', (_case, body, message) => {
    expect(firstMessage(ZEventCreate, body)).toBe(message);
  });

  it('allows an event that ends when it starts', () => {
    expect(ZEventCreate.safeParse({ ...validCreate, endDateTime: validCreate.startDateTime }).success).toBe(true);
  });
});

describe('ZEventUpdate', () => {
  it('uses the edit-form date messages', () => {
    expect(firstMessage(ZEventUpdate, { ...validCreate, startDateTime: '' })).toBe(VALIDATION.eventEditStartRequired);
    expect(firstMessage(ZEventUpdate, { ...validCreate, endDateTime: undefined })).toBe(VALIDATION.eventEditEndRequired);
  });

  it('leaves omitted optional fields out and clears blank ones', () => {
    const parsed = ZEventUpdate.parse({ ...validCreate, contactPhone: '', organizerId: ORGANIZER });
    expect(parsed).not.toHaveProperty('allowStandRegistration');
    expect(parsed.description).toBeUndefined();
    expect(parsed.contactPhone).toBeNull();
    expect(parsed).not.toHaveProperty('organizerId');
  });

  it('accepts the full edit form', () => {
    const parsed = ZEventUpdate.parse({
      ...validCreate,
      contactEmail: 'orga@example.de',
      contactPhone: '030 123456',
      websiteUrl: 'https://flohmarkt.example/',
      websiteLinkText: 'Zur Webseite',
      allowStandRegistration: false,
      latitude: '52.5',
      longitude: '13.4',
    });
    expect(parsed).toMatchObject({ allowStandRegistration: false, latitude: 52.5, longitude: 13.4 });
  });
});

describe('ZEvent read shape', () => {
  const event = {
    id: '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11',
    name: 'Markt',
    description: null,
    rules: null,
    location: 'Berlin',
    latitude: '52.52000000',
    longitude: '13.40500000',
    startDateTime: '2025-06-01T08:00:00.000Z',
    endDateTime: '2025-06-01T14:00:00.000Z',
    organizerId: ORGANIZER,
    status: 'planned',
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
  };

  it('accepts numeric-string coordinates and an optional standCount', () => {
    expect(ZEvent.parse(event)).toEqual(event);
    expect(ZEvent.parse({ ...event, standCount: 4 }).standCount).toBe(4);
    expect(ZEvent.safeParse({ ...event, latitude: 52.52 }).success).toBe(false);
  });

  it('requires standCount for admin rows', () => {
    expect(ZAdminEvent.safeParse(event).success).toBe(false);
    expect(ZAdminEvent.parse({ ...event, standCount: 0 }).standCount).toBe(0);
  });
});
