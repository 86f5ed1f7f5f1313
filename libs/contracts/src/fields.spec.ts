import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZEventCreate, ZEventUpdate } from './event.js';
import { ZExhibitorProfileCreate, ZExhibitorProfileUpdate } from './exhibitor-profile.js';
import { hasUnstorableCharacters, stripInvisibleControls } from './fields.js';
import { ZGeocodeQuery } from './geo.js';
import { VALIDATION } from './validation-messages.js';
import { ZPhotoDelete, ZPhotoUpload } from './photo.js';
import { ZReviewCreate } from './review.js';
import { ZGuestStandCreate, ZStandCreate, ZStandUpdate } from './stand.js';
import { ZUserUpdate } from './user.js';
import { firstMessage, messagesOf } from './testing/issues.js';

const EVENT_ID = '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11';
const NUL = 'Kinder\u0000kleidung';
const LONE_HIGH = 'Kinder\ud800kleidung';
const LONE_LOW = '\udc00Kinderkleidung';
const RLO = '\u202E';

describe('hasUnstorableCharacters', () => {
  const unstorable = [NUL, LONE_HIGH, LONE_LOW, '\u0000', '\ud800', 'ende\udbff', '\ud800\ud800\udc00', '\udc00\ud800'];
  const storable = ['', 'Flohmarkt 🧸 am Rhein', 'Größe: 😀😀', '\ud83e\uddf8', 'Zeile 1\nZeile 2\t', `${RLO}abc`];

  it('finds NUL and either half of a surrogate pair standing alone', () => {
    for (const text of unstorable) expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(true);
  });

  it('accepts whole pairs (emoji), umlauts and other control characters', () => {
    for (const text of storable) expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(false);
  });

  it('answers the same in a runtime without String#isWellFormed (older browsers)', () => {
    const native = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    expect(native).toBeDefined();
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      for (const text of unstorable) expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(true);
      for (const text of storable) expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(false);
    } finally {
      Object.defineProperty(String.prototype, 'isWellFormed', native!);
    }
  });
});

describe('stripInvisibleControls', () => {
  it('drops the overrides U+202A–U+202E and the isolates U+2066–U+2069', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(stripInvisibleControls(`Stand${controls}gpj.exe`)).toBe('Standgpj.exe');
    // The marks (LRM, RLM) only hint a direction and the zero-width joiner builds emoji: both stay.
    expect(stripInvisibleControls('a\u200Eb\u200Fc👩\u200D👧')).toBe('a\u200Eb\u200Fc👩\u200D👧');
  });

  it('drops the zero-width space, the word joiner and the byte order mark', () => {
    expect(stripInvisibleControls('Holz\u200Beisen\u2060bahn\uFEFF')).toBe('Holzeisenbahn');
  });

  it('drops the other control characters (a bell, a terminal colour code, DEL, C1) but keeps tabs and line breaks', () => {
    expect(stripInvisibleControls('Ctl\u0007\u001b[31m Markt\u007F\u0085\u009B')).toBe('Ctl[31m Markt');
    expect(stripInvisibleControls('Zeile 1\r\nZeile 2\tmit Tab')).toBe('Zeile 1\r\nZeile 2\tmit Tab');
    // Letters beyond them stay, umlauts (U+00E4…) and the non-breaking space (U+00A0) included.
    expect(stripInvisibleControls('Trödel\u00A0& Bücher')).toBe('Trödel\u00A0& Bücher');
  });
});

// Every text field of every input schema, each with a body that is valid apart from that field.
const standBase = { description: 'Bücher und Schallplatten', categories: ['Bücher'], latitude: 50.94, longitude: 6.96 };
const eventBase = { name: 'Hofflohmarkt', location: 'Köln', startDateTime: '2030-05-01T08:00:00Z', endDateTime: '2030-05-01T16:00:00Z' };
type Case = [name: string, schema: z.ZodType, base: Record<string, unknown>, field: string, list?: 'list'];
const TEXT_FIELDS: Case[] = [
  ...['name', 'description', 'rules', 'location', 'contactEmail', 'contactPhone', 'websiteUrl', 'websiteLinkText'].flatMap((field): Case[] => [
    ['ZEventCreate', ZEventCreate, eventBase, field],
    ['ZEventUpdate', ZEventUpdate, eventBase, field],
  ]),
  ['ZStandCreate', ZStandCreate, { ...standBase, eventId: EVENT_ID }, 'description'],
  ['ZStandCreate', ZStandCreate, { ...standBase, eventId: EVENT_ID }, 'standNumber'],
  ['ZStandUpdate', ZStandUpdate, standBase, 'description'],
  ['ZStandUpdate', ZStandUpdate, standBase, 'standNumber'],
  ['ZStandUpdate', ZStandUpdate, standBase, 'photos', 'list'],
  ...['guestFirstName', 'guestLastName', 'description', 'standNumber'].map((field): Case => [
    'ZGuestStandCreate',
    ZGuestStandCreate,
    { ...standBase, guestFirstName: 'Anna' },
    field,
  ]),
  ['ZUserUpdate', ZUserUpdate, { firstName: 'Anna', lastName: 'Berg' }, 'firstName'],
  ['ZUserUpdate', ZUserUpdate, { firstName: 'Anna', lastName: 'Berg' }, 'lastName'],
  ...['bio', 'kleinanzeigenUrl', 'vintedUrl'].flatMap((field): Case[] => [
    ['ZExhibitorProfileCreate', ZExhibitorProfileCreate, {}, field],
    ['ZExhibitorProfileUpdate', ZExhibitorProfileUpdate, {}, field],
  ]),
  ['ZExhibitorProfileCreate', ZExhibitorProfileCreate, {}, 'specialties', 'list'],
  ['ZExhibitorProfileUpdate', ZExhibitorProfileUpdate, {}, 'specialties', 'list'],
  ['ZReviewCreate', ZReviewCreate, { rating: 4 }, 'comment'],
  ['ZPhotoUpload', ZPhotoUpload, { photoData: 'data:image/png;base64,AAAA', fileName: 'a.png' }, 'fileName'],
  ['ZPhotoDelete', ZPhotoDelete, {}, 'photoPath'],
  ['ZGeocodeQuery', ZGeocodeQuery, {}, 'q'],
];

describe('every text field of the input schemas', () => {
  it('accepts each case with ordinary text in the field (so the refusals below are about the characters)', () => {
    for (const [name, schema, base, field, list] of TEXT_FIELDS) {
      const text = field === 'contactEmail' ? 'anna@example.de' : field.endsWith('Url') ? 'https://example.de' : 'Kinderkleidung';
      expect(messagesOf(schema, { ...base, [field]: list ? [text] : text }), `${name}.${field}`).toEqual([]);
    }
  });

  for (const [label, text] of [
    ['NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ] as const) {
    it(`refuses ${label} with one German sentence and nothing else`, () => {
      for (const [name, schema, base, field, list] of TEXT_FIELDS) {
        const value = list ? [text] : text;
        expect(messagesOf(schema, { ...base, [field]: value }), `${name}.${field}`).toEqual([VALIDATION.invalidCharacters]);
      }
    });
  }

  it('drops direction controls from names and descriptions before the other rules', () => {
    expect(ZEventCreate.parse({ ...eventBase, name: `${RLO}Hofflohmarkt\u2066`, description: `Bücher${RLO}` })).toMatchObject({
      name: 'Hofflohmarkt',
      description: 'Bücher',
    });
    expect(ZGuestStandCreate.parse({ ...standBase, guestFirstName: `An${RLO}na`, guestLastName: '\u202DBerg' })).toMatchObject({
      guestFirstName: 'Anna',
      guestLastName: 'Berg',
      description: 'Bücher und Schallplatten',
    });
    expect(ZUserUpdate.parse({ firstName: `${RLO}Anna`, lastName: `Berg${RLO}` })).toEqual({ firstName: 'Anna', lastName: 'Berg' });
    expect(ZExhibitorProfileCreate.parse({ bio: `${RLO}Vintage`, specialties: [`${RLO}Platten`] })).toMatchObject({
      bio: 'Vintage',
      specialties: ['Platten'],
    });
    expect(ZReviewCreate.parse({ rating: 5, comment: `Super${RLO}` })).toEqual({ rating: 5, comment: 'Super' });
  });

  it('drops a bell and a terminal colour code from a name, keeping the description’s line breaks', () => {
    expect(ZEventCreate.parse({ ...eventBase, name: 'Ctl\u0007\u001b[31m Markt', description: 'Zeile 1\nZeile 2\u009B' })).toMatchObject({
      name: 'Ctl[31m Markt',
      description: 'Zeile 1\nZeile 2',
    });
  });

  it('counts a text of nothing but direction controls as blank', () => {
    expect(firstMessage(ZUserUpdate, { firstName: ` ${RLO}\u2069 `, lastName: 'Berg' })).toBe(VALIDATION.firstNameRequired);
    // Nine characters and a control are still too short for a stand description.
    expect(firstMessage(ZStandCreate, { ...standBase, eventId: EVENT_ID, description: `${RLO}Kleidung!` })).toBe(VALIDATION.standDescriptionMinLength);
    expect(ZExhibitorProfileUpdate.parse({ bio: RLO })).toEqual({ bio: null });
  });

  it('counts a text of nothing but zero-width characters as blank, and keeps them inside a word or an emoji', () => {
    expect(firstMessage(ZEventCreate, { ...eventBase, name: '\u200B'.repeat(5) })).toBe(firstMessage(ZEventCreate, { ...eventBase, name: '   ' }));
    expect(firstMessage(ZStandCreate, { ...standBase, eventId: EVENT_ID, description: '\u2060'.repeat(12) })).toBe(
      firstMessage(ZStandCreate, { ...standBase, eventId: EVENT_ID, description: '' }),
    );
    expect(firstMessage(ZUserUpdate, { firstName: '\u200D\u200C\u200D', lastName: 'Berg' })).toBe(VALIDATION.firstNameRequired);
    expect(ZUserUpdate.parse({ firstName: 'Anna👩\u200D👧', lastName: 'Berg' })).toMatchObject({ firstName: 'Anna👩\u200D👧' });
  });
});
