import { describe, expect, it } from 'vitest';
import { ZExhibitor, ZExhibitorProfile, ZExhibitorProfileCreate, ZExhibitorProfileUpdate } from './exhibitor-profile.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

const USER_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('ZExhibitorProfileCreate', () => {
  it('strips userId and normalises blank links to null', () => {
    expect(
      ZExhibitorProfileCreate.parse({
        userId: USER_ID,
        bio: ' Sammlerin ',
        specialties: ['Vintage', '', 'Vintage'],
        kleinanzeigenUrl: 'https://www.kleinanzeigen.de/s-bestandsliste.html?userId=1',
        vintedUrl: '',
      }),
    ).toEqual({
      bio: 'Sammlerin',
      specialties: ['Vintage'],
      kleinanzeigenUrl: 'https://www.kleinanzeigen.de/s-bestandsliste.html?userId=1',
      vintedUrl: null,
      visibility: 'public',
    });
  });

  it('fills defaults for an empty body', () => {
    expect(ZExhibitorProfileCreate.parse({})).toEqual({ bio: null, specialties: [], kleinanzeigenUrl: null, vintedUrl: null, visibility: 'public' });
  });

  it.each([
    [{ kleinanzeigenUrl: 'kleinanzeigen' }, VALIDATION.invalidUrl],
    [{ vintedUrl: 'ftp://vinted.de/x' }, VALIDATION.invalidUrl],
    [{ specialties: Array.from({ length: 21 }, (_, i) => `s${i}`) }, VALIDATION.tooManySpecialties],
    [{ visibility: 'friends' }, VALIDATION.invalidProfileVisibility],
  ])('rejects %j', (body, message) => {
    expect(firstMessage(ZExhibitorProfileCreate, body)).toBe(message);
  });
});

describe('ZExhibitorProfileUpdate', () => {
  it('keeps omitted fields out', () => {
    expect(ZExhibitorProfileUpdate.parse({ bio: 'Neu' })).toEqual({ bio: 'Neu' });
    expect(ZExhibitorProfileUpdate.parse({ visibility: 'private' })).toEqual({ visibility: 'private' });
    expect(firstMessage(ZExhibitorProfileUpdate, { vintedUrl: 'nope' })).toBe(VALIDATION.invalidUrl);
  });
});

describe('profile read shapes', () => {
  it('read a profile and an exhibitor page', () => {
    const profile = {
      id: '0d9f4a8e-58b2-4c1e-9d6f-7a1b2c3d4e5f',
      userId: USER_ID,
      bio: null,
      specialties: [],
      kleinanzeigenUrl: null,
      vintedUrl: null,
      totalStands: 0,
      avgRating: '0.00',
      visibility: 'private' as const,
      createdAt: '2025-05-01T10:00:00.000Z',
      updatedAt: '2025-05-01T10:00:00.000Z',
    };
    expect(ZExhibitorProfile.parse(profile)).toEqual(profile);
    const exhibitor = {
      id: USER_ID,
      firstName: 'Anna',
      lastName: null,
      profileImageUrl: null,
      bio: null,
      specialties: [],
      totalStands: 2,
      avgRating: '4.50',
      kleinanzeigenUrl: null,
      vintedUrl: null,
      memberSince: '2025-05-01T10:00:00.000Z',
    };
    expect(ZExhibitor.parse(exhibitor)).toEqual(exhibitor);
  });
});
