import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, haversineKm } from '@flohmarkt/contracts';
import { startTestStack, type TestStack } from './support/stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
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
