import { describe, expect, it } from 'vitest';
import { EVENT_CANCEL_REASON_MAX_LENGTH, ZAdminEvent, ZEvent, ZEventCancel, ZEventCreate, ZEventUpdate } from './event.js';
import { eventPhase, hasBegun, registrationClosedReason } from './event-phase.js';
import { API_ERRORS } from './messages.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';
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
      registrationDeadline: null,
      notifyOnRegistration: true,
      maxStands: null,
    });
  });

  it('takes a cap on stands from 1, a numeric form text too; blank is no cap; 0, fractions and words are refused', () => {
    expect(ZEventCreate.parse({ ...validCreate, maxStands: 10 }).maxStands).toBe(10);
    expect(ZEventCreate.parse({ ...validCreate, maxStands: ' 12 ' }).maxStands).toBe(12);
    expect(ZEventCreate.parse({ ...validCreate, maxStands: '' }).maxStands).toBeNull();
    expect(ZEventCreate.parse({ ...validCreate, maxStands: LIMITS.maxStandsMax }).maxStands).toBe(LIMITS.maxStandsMax);
    // Beyond the cap is a typo, and beyond 2^31 - 1 it was a 500 from the database.
    for (const bad of [0, -3, 2.5, 'zehn', true, LIMITS.maxStandsMax + 1, 2147483648, '99999999999']) {
      const parsed = ZEventCreate.safeParse({ ...validCreate, maxStands: bad });
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(VALIDATION.invalidMaxStands);
    }
  });

  it('takes a registration deadline up to the end, normalised to UTC, and the notification switch', () => {
    expect(ZEventCreate.parse({ ...validCreate, registrationDeadline: '2025-05-31T20:00:00+02:00', notifyOnRegistration: false })).toMatchObject({
      registrationDeadline: '2025-05-31T18:00:00.000Z',
      notifyOnRegistration: false,
    });
    expect(ZEventCreate.parse({ ...validCreate, registrationDeadline: validCreate.endDateTime }).registrationDeadline).toBe(validCreate.endDateTime);
    expect(ZEventCreate.parse({ ...validCreate, registrationDeadline: '' }).registrationDeadline).toBeNull();
    expect(ZEventCreate.parse({ ...validCreate, registrationDeadline: null }).registrationDeadline).toBeNull();
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
    ['start in year 1', { ...validCreate, startDateTime: '0001-01-01T08:00:00.000Z' }, VALIDATION.dateOutOfRange],
    ['start in 1999', { ...validCreate, startDateTime: '1999-12-31T08:00:00.000Z' }, VALIDATION.dateOutOfRange],
    ['end in 9999', { ...validCreate, endDateTime: '9999-12-31T08:00:00.000Z' }, VALIDATION.dateOutOfRange],
    ['latitude out of range', { ...validCreate, latitude: 91, longitude: 10 }, VALIDATION.invalidLatitude],
    ['longitude not numeric', { ...validCreate, latitude: 52, longitude: '13,4' }, VALIDATION.invalidLongitude],
    ['only one coordinate', { ...validCreate, latitude: 52 }, VALIDATION.coordinatesIncomplete],
    ['bad e-mail', { ...validCreate, contactEmail: 'kein-mail' }, VALIDATION.invalidEmail],
    ['non-http website', { ...validCreate, websiteUrl: 'javascript:alert(1)' }, VALIDATION.invalidUrl],
    ['website with a line break inside', { ...validCreate, websiteUrl: 'https://evil.example/\r\nX:1' }, VALIDATION.invalidUrl],
    ['non-boolean registration flag', { ...validCreate, allowStandRegistration: 'ja' }, VALIDATION.invalidBoolean],
    ['deadline after the end', { ...validCreate, registrationDeadline: '2025-06-01T14:00:01.000Z' }, API_ERRORS.registrationDeadlineAfterEnd],
    ['deadline without zone', { ...validCreate, registrationDeadline: '2025-05-31T20:00' }, VALIDATION.invalidDate],
    ['deadline not a date', { ...validCreate, registrationDeadline: 17 }, VALIDATION.invalidDate],
    ['non-boolean notification switch', { ...validCreate, notifyOnRegistration: 'nein' }, VALIDATION.invalidBoolean],
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
    expect(parsed.registrationDeadline).toBeUndefined();
    expect(parsed.notifyOnRegistration).toBeUndefined();
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

  it('keeps the status out of an edit (a cancelled event cannot be planned again through PUT)', () => {
    expect(ZEventUpdate.parse({ ...validCreate, status: 'planned', cancelReason: null })).not.toHaveProperty('status');
  });

  it('clears the deadline with null and refuses one after the end', () => {
    expect(ZEventUpdate.parse({ ...validCreate, registrationDeadline: null }).registrationDeadline).toBeNull();
    expect(firstMessage(ZEventUpdate, { ...validCreate, registrationDeadline: '2025-06-02T00:00:00Z' })).toBe(API_ERRORS.registrationDeadlineAfterEnd);
  });
});

describe('ZEventCancel', () => {
  it('takes an optional reason, trimmed, blank as none', () => {
    expect(ZEventCancel.parse({})).toEqual({ reason: null });
    expect(ZEventCancel.parse({ reason: '  Unwetterwarnung  ' })).toEqual({ reason: 'Unwetterwarnung' });
    expect(ZEventCancel.parse({ reason: ' ' })).toEqual({ reason: null });
    expect(ZEventCancel.parse({ reason: null, status: 'planned' })).toEqual({ reason: null });
  });

  it(`refuses a reason over ${EVENT_CANCEL_REASON_MAX_LENGTH} characters, or one that is not text, in German`, () => {
    expect(ZEventCancel.safeParse({ reason: 'x'.repeat(EVENT_CANCEL_REASON_MAX_LENGTH) }).success).toBe(true);
    expect(firstMessage(ZEventCancel, { reason: 'x'.repeat(EVENT_CANCEL_REASON_MAX_LENGTH + 1) })).toBe(VALIDATION.textTooLong(EVENT_CANCEL_REASON_MAX_LENGTH));
    expect(firstMessage(ZEventCancel, { reason: 42 })).toBe(VALIDATION.invalidText);
    expect(firstMessage(ZEventCancel, ['Regen'])).toBe(VALIDATION.invalidInput);
  });
});

describe('eventPhase', () => {
  const event = { status: 'planned' as const, startDateTime: '2031-05-10T08:00:00.000Z', endDateTime: '2031-05-10T14:00:00.000Z' };

  it.each([
    ['2031-05-10T07:59:59.999Z', 'upcoming'],
    ['2031-05-10T08:00:00.000Z', 'running'],
    ['2031-05-10T13:59:59.999Z', 'running'],
    ['2031-05-10T14:00:00.000Z', 'ended'],
  ] as const)('at %s: %s', (now, phase) => {
    expect(eventPhase(event, new Date(now))).toBe(phase);
  });

  it('is cancelled whenever a cancelled event is read', () => {
    for (const now of ['2031-01-01T00:00:00Z', '2031-05-10T10:00:00Z', '2032-01-01T00:00:00Z']) {
      expect(eventPhase({ ...event, status: 'cancelled' }, new Date(now))).toBe('cancelled');
    }
  });
});

describe('hasBegun', () => {
  const event = { startDateTime: '2031-05-10T08:00:00.000Z' };

  it('is false until the start and true from its instant on, whatever the zone the start was written in', () => {
    expect(hasBegun(event, new Date('2031-05-10T07:59:59.999Z'))).toBe(false);
    expect(hasBegun(event, new Date('2031-05-10T08:00:00.000Z'))).toBe(true);
    expect(hasBegun({ startDateTime: '2031-05-10T10:00:00+02:00' }, new Date('2031-05-10T08:00:00.000Z'))).toBe(true);
  });
});

describe('registrationClosedReason', () => {
  const open = {
    status: 'planned' as const,
    startDateTime: '2031-05-10T08:00:00.000Z',
    endDateTime: '2031-05-10T14:00:00.000Z',
    allowStandRegistration: true,
    registrationDeadline: '2031-05-08T22:00:00.000Z',
  };
  const before = new Date('2031-05-01T12:00:00Z');

  it('is null while registration is open, also on the event day without a deadline', () => {
    expect(registrationClosedReason(open, before)).toBeNull();
    expect(registrationClosedReason({ ...open, registrationDeadline: null }, new Date('2031-05-10T13:00:00Z'))).toBeNull();
  });

  it('keeps the inherited sentence when the organiser switched registration off', () => {
    expect(registrationClosedReason({ ...open, allowStandRegistration: false }, before)).toBe(API_ERRORS.registrationUnavailable);
  });

  it('says the event was cancelled, before any other reason', () => {
    expect(registrationClosedReason({ ...open, status: 'cancelled', allowStandRegistration: false }, new Date('2031-06-01T00:00:00Z'))).toBe(
      API_ERRORS.registrationEventCancelled,
    );
  });

  it('says the event is over from its end on, even with registration switched off', () => {
    expect(registrationClosedReason({ ...open, registrationDeadline: null }, new Date('2031-05-10T14:00:00Z'))).toBe(API_ERRORS.registrationEventEnded);
    expect(registrationClosedReason({ ...open, allowStandRegistration: false }, new Date('2031-05-11T00:00:00Z'))).toBe(API_ERRORS.registrationEventEnded);
  });

  it('says the deadline has passed from its instant on', () => {
    expect(registrationClosedReason(open, new Date('2031-05-08T21:59:59.999Z'))).toBeNull();
    expect(registrationClosedReason(open, new Date('2031-05-08T22:00:00.000Z'))).toBe(API_ERRORS.registrationDeadlinePassed);
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
    cancelReason: null,
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    registrationDeadline: null,
    notifyOnRegistration: true,
    phase: 'ended',
    seriesId: null,
    copiedFromId: null,
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
  };

  it('accepts numeric-string coordinates and an optional standCount', () => {
    expect(ZEvent.parse(event)).toEqual(event);
    expect(ZEvent.parse({ ...event, standCount: 4 }).standCount).toBe(4);
    expect(ZEvent.safeParse({ ...event, latitude: 52.52 }).success).toBe(false);
  });

  it('knows the two statuses and the four phases only', () => {
    expect(ZEvent.parse({ ...event, status: 'cancelled', cancelReason: 'Regen', phase: 'cancelled' })).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Regen',
    });
    expect(ZEvent.safeParse({ ...event, status: 'done' }).success).toBe(false);
    expect(ZEvent.safeParse({ ...event, phase: 'soon' }).success).toBe(false);
  });

  it('requires standCount for admin rows', () => {
    expect(ZAdminEvent.safeParse(event).success).toBe(false);
    expect(ZAdminEvent.parse({ ...event, standCount: 0 }).standCount).toBe(0);
  });
});
