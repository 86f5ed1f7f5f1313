import { describe, expect, it } from 'vitest';
import { ZGuestManageToken, ZGuestStandView } from './guest-stand.js';

describe('ZGuestManageToken', () => {
  it('takes 22 base64url characters (128 bits) and nothing else', () => {
    expect(ZGuestManageToken.safeParse('AbCdEfGhIjKlMnOpQrSt-_').success).toBe(true);
    for (const bad of ['', 'AbCdEfGhIjKlMnOpQrSt-', 'AbCdEfGhIjKlMnOpQrSt-_x', 'AbCdEfGhIjKlMnOpQrSt+/', '../../../../etc/passwd']) {
      expect(ZGuestManageToken.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('ZGuestStandView', () => {
  it('reads a rejected guest stand with its reason and event', () => {
    const view = {
      id: '0d9f4a8e-58b2-4c1e-9d6f-7a1b2c3d4e5f',
      eventId: '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11',
      exhibitorId: null,
      standNumber: null,
      description: 'Bücher und Platten',
      categories: ['Bücher'],
      foodCategories: [],
      activityCategories: [],
      photos: [],
      photoStates: [],
      latitude: null,
      longitude: null,
      status: 'rejected',
      isApproved: false,
      isDraft: false,
      acceptsPayPal: false,
      guestFirstName: 'Gerda',
      guestLastName: null,
      exhibitor: null,
      rejectionReason: 'Der Platz ist voll.',
      label: 'Gerda',
      createdAt: '2025-05-01T10:00:00.000Z',
      updatedAt: '2025-05-01T10:00:00.000Z',
      guestEmail: 'gerda@example.org',
      eventName: 'Hofflohmarkt',
      event: {
        id: '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11',
        name: 'Hofflohmarkt',
        location: 'Köln-Nippes',
        startDateTime: '2025-06-01T08:00:00.000Z',
        endDateTime: '2025-06-01T16:00:00.000Z',
        status: 'planned',
      },
    };
    expect(ZGuestStandView.parse(view)).toEqual(view);
    expect(ZGuestStandView.safeParse({ ...view, status: 'deleted' }).success).toBe(false);
  });
});
