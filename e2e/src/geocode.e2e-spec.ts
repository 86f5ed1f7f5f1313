import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, haversineKm } from '@flohmarkt/contracts';
import { apiCall, signedInSession } from './support/api-call.js';
import { startTestStack, type TestStack } from './support/stack.js';

const ADMIN = 'admin.geocode@flohmarkt.example';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN });
});
afterAll(async () => {
  await stack?.stop();
});

const BERLIN = { lat: 52.52, lng: 13.405 };
const get = async (path: string) => {
  const res = await fetch(`${stack.publicUrl}${path}`);
  return { status: res.status, body: await res.json() };
};

describe('geocoding through the gateway, offline', () => {
  it('finds a place by name and by postcode', async () => {
    for (const q of ['Berlin', '10115']) {
      const { status, body } = await get(`/api/geocode?q=${q}&limit=5`);
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(5);
      expect(body[0].displayName).toContain('Berlin');
      expect(haversineKm(body[0], BERLIN)).toBeLessThan(10);
    }
  });

  it('folds umlauts: Muenchen finds München', async () => {
    const { body } = await get('/api/geocode?q=Muenchen');
    expect(body[0].displayName).toContain('München');
  });

  it('needs at least 3 characters', async () => {
    expect(await get('/api/geocode?q=Be')).toEqual({ status: 400, body: { message: VALIDATION.searchTooShort } });
  });

  it('names the place at a position, or falls back to the coordinates', async () => {
    expect((await get(`/api/geocode/reverse?lat=${BERLIN.lat}&lng=${BERLIN.lng}`)).body.displayName).toContain('Berlin');
    expect((await get('/api/geocode/reverse?lat=0&lng=0')).body).toEqual({ displayName: '0.0000, 0.0000' });
  });
});

describe("the streets of the events' addresses, offline", () => {
  it("finds an event's street as people type it, at the event's point, until the event is deleted", async () => {
    const organiser = await signedInSession(stack.publicUrl, 'otto.strasse@example.org', 'Otto', 'Straße');
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const end = new Date(Date.now() + 10 * 86_400_000 + 6 * 3_600_000).toISOString();
    const created = await apiCall(stack.publicUrl, organiser, 'POST', '/api/events', {
      name: 'Hofflohmarkt in der Venloer',
      location: 'Venloer Straße 241, 50823 Köln',
      latitude: 50.9482,
      longitude: 6.9205,
      startDateTime: start,
      endDateTime: end,
    });
    expect(created.status).toBe(201);

    for (const q of ['Venloer Straße 241, Köln', 'venloer strasse 241 koeln', 'Venloer Str. 241 50823']) {
      const { status, body } = await get(`/api/geocode?q=${encodeURIComponent(q)}&limit=5`);
      expect(status).toBe(200);
      expect(body[0]).toEqual({
        displayName: 'Venloer Straße 241, 50823 Köln',
        lat: 50.9482,
        lng: 6.9205,
        placeId: 'street:koeln:venloerstrasse:241',
        // The parts a stand form fills its address fields from (issue 33).
        address: { street: 'Venloer Straße', houseNumber: '241', postcode: '50823', town: 'Köln' },
      });
    }
    // As-you-type: the street shows from its first letters, after the places that start so.
    expect((await get('/api/geocode?q=Venloer&limit=10')).body.map((r: { displayName: string }) => r.displayName)).toContain('Venloer Straße, 50823 Köln');

    const admin = await signedInSession(stack.publicUrl, ADMIN, 'Ada', 'Admin');
    expect((await apiCall(stack.publicUrl, admin, 'DELETE', `/api/events/${created.body.id}`)).status).toBeLessThan(300);
    const after = await get(`/api/geocode?q=${encodeURIComponent('Venloer Straße 241, Köln')}`);
    expect(after.body.map((r: { displayName: string }) => r.displayName)).not.toContain('Venloer Straße 241, 50823 Köln');
  });
});
