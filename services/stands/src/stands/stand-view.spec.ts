import { describe, expect, it } from 'vitest';
import { ZStand } from '@flohmarkt/contracts';
import { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

const USER = 'c0000000-0000-4000-8000-000000000001';

function entity(overrides: Partial<StandEntity>): StandEntity {
  return Object.assign(new StandEntity(), {
    id: 'c0000000-0000-4000-8000-0000000000aa',
    eventId: 'c0000000-0000-4000-8000-0000000000bb',
    exhibitorId: USER,
    standNumber: '7',
    description: 'Bücher und Platten',
    categories: ['Bücher'],
    foodCategories: [],
    activityCategories: [],
    photos: [],
    photoError: null,
    latitude: '50.94130000',
    longitude: '6.95830000',
    status: 'pending',
    acceptsPayPal: true,
    guestFirstName: null,
    guestLastName: null,
    rejectionReason: null,
    guestEmail: null,
    manageTokenHash: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    updatedAt: new Date('2026-01-02T10:00:00Z'),
    ...overrides,
  });
}

describe('the stand read shape', () => {
  it('carries every field, the derived flags and the exhibitor names, and fits ZStand', () => {
    const read = toStand(entity({ status: 'approved' }), new Map([[USER, { id: USER, firstName: 'Eva', lastName: 'Muster' }]]), new Map());
    expect(ZStand.parse(read)).toEqual(read);
    expect(read).toMatchObject({
      status: 'approved',
      isApproved: true,
      isDraft: false,
      latitude: '50.94130000',
      exhibitor: { id: USER, firstName: 'Eva', lastName: 'Muster' },
      createdAt: '2026-01-01T10:00:00.000Z',
    });
  });

  it('derives isDraft from pending and neither flag from rejected', () => {
    expect(toStand(entity({ status: 'pending' }), new Map(), new Map())).toMatchObject({ isDraft: true, isApproved: false });
    expect(toStand(entity({ status: 'rejected' }), new Map(), new Map())).toMatchObject({ isDraft: false, isApproved: false });
  });

  it('carries the rejection reason while rejected, and never the guest e-mail or the token hash', () => {
    const rejected = toStand(entity({ status: 'rejected', rejectionReason: 'Zu viele Bücherstände.' }), new Map(), new Map());
    expect(ZStand.parse(rejected)).toEqual(rejected);
    expect(rejected.rejectionReason).toBe('Zu viele Bücherstände.');
    // A stale reason of a stand approved or withdrawn later stays unsaid.
    expect(toStand(entity({ status: 'approved', rejectionReason: 'alt' }), new Map(), new Map()).rejectionReason).toBeNull();
    expect(toStand(entity({ status: 'withdrawn', rejectionReason: 'alt' }), new Map(), new Map()).rejectionReason).toBeNull();
    const guest = toStand(entity({ exhibitorId: null, guestEmail: 'gast@example.org', manageTokenHash: 'ab'.repeat(32) }), new Map(), new Map());
    expect(JSON.stringify(guest)).not.toMatch(/gast@example\.org|abab/);
  });

  it('answers exhibitor null for a guest stand, with the guest names', () => {
    const read = toStand(entity({ exhibitorId: null, guestFirstName: 'Max', guestLastName: null }), new Map(), new Map());
    expect(read).toMatchObject({ exhibitorId: null, exhibitor: null, guestFirstName: 'Max', guestLastName: null });
  });

  it('keeps an exhibitor without names when auth no longer knows the user (never reads like a guest)', () => {
    expect(toStand(entity({}), new Map(), new Map()).exhibitor).toEqual({ id: USER, firstName: null, lastName: null });
  });

  it('lists each photo with its state in the order of photos: heard-of states, processing until heard of', () => {
    const ready = '/api/media/stands/c0000000-0000-4000-8000-0000000000aa/c0000000-0000-4000-8000-000000000011.jpg';
    const failed = '/api/media/stands/c0000000-0000-4000-8000-0000000000aa/c0000000-0000-4000-8000-000000000012.jpg';
    const unheard = '/api/media/stands/c0000000-0000-4000-8000-0000000000aa/c0000000-0000-4000-8000-000000000013.jpg';
    const states = new Map([
      [ready, { state: 'ready' as const }],
      [failed, { state: 'failed' as const, reason: 'Das Bild ist beschädigt.' }],
    ]);
    const read = toStand(entity({ photos: [unheard, failed, ready] }), new Map(), states);
    expect(ZStand.parse(read)).toEqual(read);
    expect(read.photos).toEqual([unheard, failed, ready]);
    expect(read.photoStates).toEqual([
      { path: unheard, state: 'processing' },
      { path: failed, state: 'failed', reason: 'Das Bild ist beschädigt.' },
      { path: ready, state: 'ready' },
    ]);
  });

  it("reads a path that is not the media service's (an old external URL) as ready: nothing will process it", () => {
    const read = toStand(entity({ photos: ['https://example.org/foto.jpg'] }), new Map(), new Map());
    expect(read.photoStates).toEqual([{ path: 'https://example.org/foto.jpg', state: 'ready' }]);
  });
});
