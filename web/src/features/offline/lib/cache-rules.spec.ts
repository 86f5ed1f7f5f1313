// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cacheKindOf, isAppPage, mayKeep, urlsWorthKeeping, type AnswerHead } from './cache-rules';

const EVENT = '6f1c2a4e-0000-4000-8000-000000000001';

function answer(status: number, headers: Record<string, string> = {}): AnswerHead {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { status, headers: { get: (name) => lower.get(name.toLowerCase()) ?? null } };
}

describe('cacheKindOf', () => {
  it('keeps the event, its stand list, a stand, stand photos and map tiles', () => {
    expect(cacheKindOf(`/api/events/${EVENT}`)).toBe('api');
    expect(cacheKindOf(`/api/events/${EVENT}/stands`)).toBe('api');
    expect(cacheKindOf(`/api/stands/${EVENT}`)).toBe('api');
    expect(cacheKindOf(`/api/media/stands/${EVENT}/abc.jpg`)).toBe('photos');
    expect(cacheKindOf(`/api/media/stands/${EVENT}/abc.thumb.jpg`)).toBe('photos');
    expect(cacheKindOf('/tiles/16/35210/21491.png')).toBe('tiles');
  });

  it("never keeps a person's data, sign-in, organiser files or anything else", () => {
    for (const path of [
      '/api/me/favourites',
      '/api/me/export',
      '/api/auth/user',
      '/api/login',
      `/api/events/${EVENT}/stands.csv`,
      `/api/events/${EVENT}/draft-stands`,
      `/api/events/${EVENT}/stand-overview`,
      `/api/events/${EVENT}/route`,
      `/api/events/${EVENT}/calendar.ics`,
      '/api/events',
      '/api/stands/user/1',
      `/api/stands/${EVENT}/reviews`,
      `/api/stands/${EVENT}/photos`,
      '/tiles/16/35210/21491.jpg',
      '/tiles/16/x/1.png',
      `/events/${EVENT}`,
    ]) {
      expect(cacheKindOf(path), path).toBeNull();
    }
  });

  it('never keeps a read with a query (filters and formats are other answers)', () => {
    expect(cacheKindOf(`/api/events/${EVENT}/stands`, '?status=pending')).toBeNull();
    expect(cacheKindOf(`/api/events/${EVENT}`, '?')).toBe('api');
  });
});

describe('mayKeep', () => {
  it('keeps a plain 200 and a public one', () => {
    expect(mayKeep('api', answer(200))).toBe(true);
    expect(mayKeep('photos', answer(200, { 'Cache-Control': 'public, max-age=31536000, immutable' }))).toBe(true);
    expect(mayKeep('tiles', answer(200, { 'Cache-Control': 'public, max-age=86400' }))).toBe(true);
  });

  it("refuses answers marked as one person's, in any spelling", () => {
    expect(mayKeep('api', answer(200, { 'Cache-Control': 'private' }))).toBe(false);
    expect(mayKeep('api', answer(200, { 'Cache-Control': 'Private, no-cache' }))).toBe(false);
    expect(mayKeep('photos', answer(200, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' }))).toBe(false);
    expect(mayKeep('api', answer(200, { 'Cache-Control': 'no-store' }))).toBe(false);
    expect(mayKeep('api', answer(200, { Vary: 'Accept-Encoding, Cookie' }))).toBe(false);
    expect(mayKeep('api', answer(200, { Vary: '*' }))).toBe(false);
  });

  it('does not mistake a longer directive for private', () => {
    expect(mayKeep('api', answer(200, { 'Cache-Control': 'public, stale-if-error=60' }))).toBe(true);
    expect(mayKeep('api', answer(200, { Vary: 'Accept-Encoding' }))).toBe(true);
  });

  it('refuses errors, partial answers and redirects', () => {
    for (const status of [204, 206, 301, 304, 404, 500, 503]) expect(mayKeep('api', answer(status))).toBe(false);
  });

  it("refuses the tile proxy's stand-in tile, but only for tiles", () => {
    expect(mayKeep('tiles', answer(200, { 'X-Tile-Fallback': '1', 'Cache-Control': 'no-store' }))).toBe(false);
    expect(mayKeep('tiles', answer(200, { 'X-Tile-Fallback': '1' }))).toBe(false);
  });
});

describe('isAppPage', () => {
  it('answers app routes with the shell, never the API, sign-in, embeds or dev tools', () => {
    expect(isAppPage(`/events/${EVENT}`)).toBe(true);
    expect(isAppPage(`/events/${EVENT}/merkliste`)).toBe(true);
    expect(isAppPage('/')).toBe(true);
    expect(isAppPage('/apis-of-the-world')).toBe(true);
    for (const path of ['/api/login', '/api', '/oidc/auth', '/dev/mail', `/embed/events/${EVENT}`, '/tiles/1/1/1.png'])
      expect(isAppPage(path), path).toBe(false);
  });
});

describe('urlsWorthKeeping', () => {
  it('picks the same-origin resources the worker keeps, once each, as paths', () => {
    const origin = 'http://localhost:8080';
    expect(
      urlsWorthKeeping(
        [
          `${origin}/assets/index-1.js`,
          `${origin}/api/events/${EVENT}`,
          `${origin}/api/events/${EVENT}/stands`,
          `${origin}/api/auth/user`,
          `${origin}/tiles/15/17605/10745.png`,
          `${origin}/tiles/15/17605/10745.png`,
          'https://tile.openstreetmap.org/15/17605/10745.png',
          `${origin}/api/events/${EVENT}/stands?status=pending`,
          'not a url ::',
        ],
        origin,
      ),
    ).toEqual([`/api/events/${EVENT}`, `/api/events/${EVENT}/stands`, '/tiles/15/17605/10745.png']);
  });
});
