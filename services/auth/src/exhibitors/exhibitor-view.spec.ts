import { describe, expect, it } from 'vitest';
import { ZExhibitor } from '@flohmarkt/contracts';
import type { ExhibitorProfileEntity } from '../profiles/exhibitor-profile.entity.js';
import type { UserEntity } from '../users/user.entity.js';
import { toExhibitor } from './exhibitor-view.js';

const user: UserEntity = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'anna@example.de',
  oidcIssuer: null,
  oidcSubject: null,
  firstName: 'Anna',
  lastName: 'Schmidt',
  profileImageUrl: 'https://img.example/a.png',
  role: 'participant',
  createdAt: new Date('2025-05-01T10:00:00Z'),
  updatedAt: new Date('2025-05-02T10:00:00Z'),
};

describe('exhibitor page', () => {
  it('answers a user without a profile with empty profile fields', () => {
    const page = ZExhibitor.parse(toExhibitor(user, null, { totalStands: 2, avgRating: '3.50' }));
    expect(page).toEqual({
      id: user.id,
      firstName: 'Anna',
      lastName: 'Schmidt',
      profileImageUrl: 'https://img.example/a.png',
      bio: null,
      specialties: [],
      totalStands: 2,
      avgRating: '3.50',
      kleinanzeigenUrl: null,
      vintedUrl: null,
      memberSince: '2025-05-01T10:00:00.000Z',
    });
    expect(page).not.toHaveProperty('email');
  });

  it('takes bio, specialties and links from the profile, figures from what it is given', () => {
    const profile = { bio: 'Bücher', specialties: ['Bücher'], kleinanzeigenUrl: 'https://k.example', vintedUrl: null } as ExhibitorProfileEntity;
    expect(toExhibitor(user, profile, { totalStands: 1, avgRating: '5.00' })).toMatchObject({
      bio: 'Bücher',
      specialties: ['Bücher'],
      kleinanzeigenUrl: 'https://k.example',
      totalStands: 1,
      avgRating: '5.00',
    });
  });
});
