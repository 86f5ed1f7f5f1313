import { describe, expect, it } from 'vitest';
import { API_ERRORS } from './messages.js';
import { VALIDATION } from './validation-messages.js';
import {
  ZGuestStandCreate,
  ZStand,
  ZStandCreate,
  ZStandLocationUpdate,
  ZStandReject,
  ZStandUpdate,
  ZDraftListQuery,
  ZStandBulkReview,
  ZWalkUpStandCreate,
} from './stand.js';
import { STAND_STATUSES, STAND_STATUS_LABELS, standFlags } from './stand-statuses.js';
import { firstMessage } from './testing/issues.js';

const EVENT_ID = '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11';
const USER_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('stand status', () => {
  it('has six labelled values and derives the flags', () => {
    expect(STAND_STATUSES).toEqual(['pending', 'approved', 'rejected', 'withdrawn', 'waitlisted', 'released']);
    // A label for each status, in the order of STAND_STATUSES, and for nothing else.
    expect(STAND_STATUSES.map((status) => STAND_STATUS_LABELS[status])).toEqual([
      'Wartend',
      'Genehmigt',
      'Abgelehnt',
      'Zurückgezogen',
      'Warteliste',
      'Platz abgegeben',
    ]);
    expect(Object.keys(STAND_STATUS_LABELS).sort()).toEqual([...STAND_STATUSES].sort());
    expect(standFlags('waitlisted')).toEqual({ isDraft: false, isApproved: false });
    expect(standFlags('released')).toEqual({ isDraft: false, isApproved: false });
    expect(standFlags('withdrawn')).toEqual({ isDraft: false, isApproved: false });
    expect(standFlags('pending')).toEqual({ isDraft: true, isApproved: false });
    expect(standFlags('approved')).toEqual({ isDraft: false, isApproved: true });
    expect(standFlags('rejected')).toEqual({ isDraft: false, isApproved: false });
  });
});

describe('ZStandCreate', () => {
  const valid = {
    eventId: EVENT_ID,
    exhibitorId: USER_ID,
    description: 'Kinderkleidung und Spielzeug',
    categories: ['Kinderkleidung', 'Spielzeug'],
    standNumber: 12,
    latitude: '52.5201',
    longitude: 13.4049,
  };

  it('accepts the register form, strips exhibitorId, normalises values', () => {
    expect(ZStandCreate.parse(valid)).toEqual({
      eventId: EVENT_ID,
      standNumber: '12',
      description: 'Kinderkleidung und Spielzeug',
      categories: ['Kinderkleidung', 'Spielzeug'],
      foodCategories: [],
      activityCategories: [],
      acceptsPayPal: false,
      latitude: 52.5201,
      longitude: 13.4049,
      address: null,
      // Privacy choices default to today's rule: exact position, first name and initial.
      locationPrecision: 'exact',
      nameDisplay: 'name',
    });
  });

  it('drops duplicate categories', () => {
    expect(ZStandCreate.parse({ ...valid, categories: ['Deko', 'Deko'] }).categories).toEqual(['Deko']);
  });

  it.each([
    ['short description', { ...valid, description: 'zu kurz' }, VALIDATION.standDescriptionMinLength],
    ['missing description', { ...valid, description: undefined }, VALIDATION.standDescriptionMinLength],
    ['no categories', { ...valid, categories: [] }, VALIDATION.standCategoriesRequired],
    ['missing categories', { ...valid, categories: undefined }, VALIDATION.standCategoriesRequired],
    ['unknown category', { ...valid, categories: ['Autos'] }, VALIDATION.invalidStandCategory],
    ['unknown food category', { ...valid, foodCategories: ['Pizza'] }, VALIDATION.invalidFoodCategory],
    ['missing location', { ...valid, latitude: undefined, longitude: undefined }, VALIDATION.standLocationRequired],
    ['null longitude', { ...valid, longitude: null }, VALIDATION.standLocationRequired],
    ['bad latitude', { ...valid, latitude: 'abc' }, VALIDATION.invalidLatitude],
    ['missing event', { ...valid, eventId: undefined }, VALIDATION.eventIdRequired],
    ['long stand number', { ...valid, standNumber: 'x'.repeat(51) }, VALIDATION.standNumberTooLong],
  ])('rejects %s', (_case, body, message) => {
    expect(firstMessage(ZStandCreate, body)).toBe(message);
  });
});

describe('ZStandUpdate', () => {
  const valid = {
    description: 'Bücher',
    standNumber: 'A3',
    categories: ['Bücher'],
    foodCategories: ['Waffeln'],
    activityCategories: ['Basteln'],
    acceptsPayPal: true,
    photos: ['/api/media/stands/a/1.jpg'],
    latitude: 52.5,
    longitude: 13.4,
  };

  it('accepts the edit form', () => {
    expect(ZStandUpdate.parse({ ...valid, status: 'approved', eventId: EVENT_ID })).toEqual(valid);
  });

  it('leaves omitted optional fields out', () => {
    const parsed = ZStandUpdate.parse({ description: 'x', categories: ['Deko'], latitude: 1, longitude: 2 });
    expect(parsed.photos).toBeUndefined();
    expect(parsed.acceptsPayPal).toBeUndefined();
  });

  it.each([
    ['blank description', { ...valid, description: ' ' }, VALIDATION.standDescriptionRequired],
    ['missing description', { ...valid, description: undefined }, VALIDATION.standDescriptionRequired],
    ['no categories', { ...valid, categories: [] }, VALIDATION.standEditCategoriesRequired],
    ['missing location', { ...valid, latitude: null, longitude: null }, VALIDATION.standLocationRequired],
    ['four photos', { ...valid, photos: ['a', 'b', 'c', 'd'] }, API_ERRORS.tooManyPhotos],
    ['unknown activity', { ...valid, activityCategories: ['Karaoke'] }, VALIDATION.invalidActivityCategory],
    ['non-boolean PayPal', { ...valid, acceptsPayPal: 'yes' }, VALIDATION.invalidBoolean],
  ])('rejects %s', (_case, body, message) => {
    expect(firstMessage(ZStandUpdate, body)).toBe(message);
  });

  it('has a location-only variant', () => {
    expect(ZStandLocationUpdate.parse({ latitude: '48.1', longitude: '11.5' })).toEqual({ latitude: 48.1, longitude: 11.5 });
    expect(firstMessage(ZStandLocationUpdate, {})).toBe(VALIDATION.standLocationRequired);
  });
});

describe('ZGuestStandCreate', () => {
  const valid = {
    eventId: EVENT_ID,
    guestFirstName: 'Maria',
    description: 'Selbstgebackener Kuchen',
    categories: ['Verschiedenes'],
    foodCategories: ['Kuchen'],
    photos: ['/api/media/x.jpg'],
  };

  it('accepts the guest form without a position and fills defaults', () => {
    expect(ZGuestStandCreate.parse(valid)).toEqual({
      guestFirstName: 'Maria',
      guestLastName: null,
      standNumber: null,
      description: 'Selbstgebackener Kuchen',
      categories: ['Verschiedenes'],
      foodCategories: ['Kuchen'],
      activityCategories: [],
      acceptsPayPal: false,
      latitude: null,
      longitude: null,
      address: null,
      guestEmail: null,
      locationPrecision: 'exact',
      nameDisplay: 'name',
    });
  });

  it('takes an optional e-mail, trimmed and in lower case; blank is none', () => {
    expect(ZGuestStandCreate.parse({ ...valid, guestEmail: '  Maria.Muster@Example.ORG ' }).guestEmail).toBe('maria.muster@example.org');
    expect(ZGuestStandCreate.parse({ ...valid, guestEmail: '' }).guestEmail).toBeNull();
    expect(ZGuestStandCreate.parse({ ...valid, guestEmail: null }).guestEmail).toBeNull();
  });

  it('accepts a position as strings', () => {
    expect(ZGuestStandCreate.parse({ ...valid, latitude: '52.5', longitude: '13.4' })).toMatchObject({
      latitude: 52.5,
      longitude: 13.4,
    });
  });

  it.each([
    ['missing first name', { ...valid, guestFirstName: undefined }, VALIDATION.guestFirstNameRequired],
    ['blank first name', { ...valid, guestFirstName: '' }, VALIDATION.guestFirstNameRequired],
    ['short description', { ...valid, description: 'Kuchen' }, VALIDATION.guestDescriptionMinLength],
    ['no categories', { ...valid, categories: [] }, VALIDATION.guestCategoriesRequired],
    ['unknown food', { ...valid, foodCategories: ['Döner'] }, VALIDATION.invalidFoodCategory],
    ['half a position', { ...valid, latitude: '52.5' }, VALIDATION.coordinatesIncomplete],
    ['long last name', { ...valid, guestLastName: 'x'.repeat(51) }, VALIDATION.lastNameTooLong],
    ['an invalid e-mail', { ...valid, guestEmail: 'maria@' }, 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    ['an e-mail that is no text', { ...valid, guestEmail: 42 }, VALIDATION.invalidEmail],
  ])('rejects %s', (_case, body, message) => {
    expect(firstMessage(ZGuestStandCreate, body)).toBe(message);
  });
});

describe('ZStandReject', () => {
  it('takes an optional reason, trimmed; blank or missing is none', () => {
    expect(ZStandReject.parse({})).toEqual({ reason: null });
    expect(ZStandReject.parse({ reason: '  ' })).toEqual({ reason: null });
    expect(ZStandReject.parse({ reason: ' Zu weit weg. ' })).toEqual({ reason: 'Zu weit weg.' });
    expect(ZStandReject.parse({ reason: 'x'.repeat(500) }).reason).toHaveLength(500);
  });

  it('refuses a reason over 500 characters or one that is no text, in German', () => {
    expect(firstMessage(ZStandReject, { reason: 'x'.repeat(501) })).toBe('Die Begründung ist zu lang (höchstens 500 Zeichen).');
    expect(firstMessage(ZStandReject, { reason: 7 })).toBe(VALIDATION.invalidText);
  });
});

describe('ZStand read shape', () => {
  const stand = {
    id: '0d9f4a8e-58b2-4c1e-9d6f-7a1b2c3d4e5f',
    eventId: EVENT_ID,
    exhibitorId: null,
    standNumber: null,
    description: 'Bücher',
    categories: ['Bücher'],
    foodCategories: [],
    activityCategories: [],
    photos: [],
    photoStates: [],
    latitude: null,
    longitude: null,
    status: 'pending',
    isApproved: false,
    isDraft: true,
    acceptsPayPal: false,
    guestFirstName: 'Maria',
    guestLastName: null,
    exhibitor: null,
    label: 'Maria',
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
  };

  it('reads a guest stand and a stand with exhibitor', () => {
    expect(ZStand.parse(stand)).toEqual(stand);
    const owned = { ...stand, exhibitorId: USER_ID, exhibitor: { id: USER_ID, firstName: 'Anna', lastName: 'S' } };
    expect(ZStand.parse(owned).exhibitor?.firstName).toBe('Anna');
    expect(ZStand.safeParse({ ...stand, status: 'draft' }).success).toBe(false);
  });

  it('reads each photo with its state; a state outside processing, ready and failed is off-contract', () => {
    const path = '/api/media/stands/s/p.jpg';
    const withPhoto = { ...stand, photos: [path], photoStates: [{ path, state: 'failed', reason: 'Das Bild ist beschädigt.' }] };
    expect(ZStand.parse(withPhoto)).toEqual(withPhoto);
    expect(ZStand.safeParse({ ...withPhoto, photoStates: [{ path, state: 'removed' }] }).success).toBe(false);
  });
});

describe('issue 18 shapes', () => {
  const A = '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e12';
  const B = '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e13';

  it('bulk review: needs one id, no id twice, ids only', () => {
    expect(ZStandBulkReview.parse({ approve: [A], reject: [B], reason: '  ' })).toEqual({ approve: [A], reject: [B], reason: null });
    expect(ZStandBulkReview.parse({ reject: [B], reason: 'Voll' })).toEqual({ approve: [], reject: [B], reason: 'Voll' });
    expect(firstMessage(ZStandBulkReview, {})).toBe(API_ERRORS.reviewNothingSelected);
    expect(firstMessage(ZStandBulkReview, { approve: [A], reject: [A] })).toBe(API_ERRORS.reviewStandTwice);
    expect(firstMessage(ZStandBulkReview, { approve: ['1'] })).toBe(VALIDATION.invalidStandIdList);
    expect(firstMessage(ZStandBulkReview, { approve: A })).toBe(VALIDATION.invalidStandIdList);
  });

  it('draft list filter: pending by default, comma separated, withdrawn and unknown refused', () => {
    expect(ZDraftListQuery.parse({}).status).toEqual(['pending']);
    expect(ZDraftListQuery.parse({ status: 'waitlisted,pending,waitlisted' }).status).toEqual(['waitlisted', 'pending']);
    expect(firstMessage(ZDraftListQuery, { status: 'withdrawn' })).toBe(VALIDATION.invalidStandStatusFilter);
    expect(firstMessage(ZDraftListQuery, { status: '' })).toBe(VALIDATION.invalidStandStatusFilter);
  });

  it('walk-up stand: the name is optional, there is no e-mail', () => {
    const parsed = ZWalkUpStandCreate.parse({ description: 'Bücher und Platten', categories: ['Bücher'], guestEmail: 'a@b.de' });
    expect(parsed).toMatchObject({ guestFirstName: null, guestLastName: null, latitude: null });
    expect(parsed).not.toHaveProperty('guestEmail');
    expect(ZWalkUpStandCreate.parse({ guestFirstName: ' Anna ', description: 'Bücher und Platten', categories: ['Bücher'] }).guestFirstName).toBe('Anna');
  });
});
