import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardApi } from '../routing/forward.js';
import { SIGNED_IN, startForwardingGateway, type FakeAnswer, type ForwardingGateway } from '../testing/forwarding-gateway.js';

/** What the fake services answer, by path: the Cache-Control a real service sets there. */
const ANSWERS: Record<string, FakeAnswer> = {
  '/events/e1': { status: 200, body: { id: 'e1', name: 'Hofflohmarkt' } },
  '/events/e1/draft-stands': { status: 200, body: [] },
  '/events/e1/stands': { status: 200, headers: { 'cache-control': 'max-age=60' }, body: [] },
  '/events/e1/calendar.ics': { status: 200, headers: { 'cache-control': 'public, max-age=300' }, body: 'BEGIN:VCALENDAR' },
  '/media/stands/s1/p1/large.jpg': { status: 200, headers: { 'cache-control': 'public, max-age=31536000, immutable' }, body: 'jpeg' },
  '/guest-stands/geheimes-token': { status: 200, headers: { 'cache-control': 'public, max-age=600' }, body: { id: 's1' } },
  '/stands/fehlt': { status: 404, body: { message: 'Der Stand wurde nicht gefunden.', code: 'NOT_FOUND' } },
};

let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, deps) => app.use('/api', forwardApi(deps)),
    (call) => ANSWERS[call.path] ?? { status: 404, body: { message: 'Nicht gefunden.', code: 'NOT_FOUND' } },
  );
});
afterAll(async () => {
  await gateway?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${gateway.base}/api${path}`, { headers });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control'), vary: res.headers.get('vary') ?? '' };
}

describe('answers that depend on the session or a secret token (contract: Safety limits)', () => {
  it('marks a signed-in read private, no-store with Vary: Cookie, also where the anonymous read is public', async () => {
    for (const path of ['/events/e1', '/events/e1/draft-stands']) {
      const answer = await get(path, SIGNED_IN);
      expect(answer, path).toMatchObject({ status: 200, cacheControl: 'private, no-store' });
      expect(answer.vary, path).toMatch(/\bCookie\b/);
    }
  });

  it("replaces a service's own lifetime for a signed-in caller that is not public", async () => {
    expect(await get('/events/e1/stands', SIGNED_IN)).toMatchObject({ status: 200, cacheControl: 'private, no-store' });
  });

  it('leaves an answer the service marked public as it is, for a signed-in caller too', async () => {
    const photo = await get('/media/stands/s1/p1/large.jpg', SIGNED_IN);
    expect(photo).toMatchObject({ status: 200, cacheControl: 'public, max-age=31536000, immutable' });
    expect(photo.vary).not.toMatch(/\bCookie\b/);
    expect(await get('/events/e1/calendar.ics', SIGNED_IN)).toMatchObject({ cacheControl: 'public, max-age=300' });
  });

  it('leaves the anonymous public reads unchanged', async () => {
    const event = await get('/events/e1');
    expect(event.status).toBe(200);
    expect(event.cacheControl).toBeNull();
    expect(event.vary).not.toMatch(/\bCookie\b/);
    expect(await get('/events/e1/stands')).toMatchObject({ status: 200, cacheControl: 'max-age=60' });
  });

  it('marks every answer of a path with a secret token private, no-store, whatever the service said and signed in or not', async () => {
    const anonymous = await get('/guest-stands/geheimes-token');
    expect(anonymous).toMatchObject({ status: 200, cacheControl: 'private, no-store' });
    expect(anonymous.vary).toMatch(/\bCookie\b/);
    expect(await get('/guest-stands/geheimes-token', SIGNED_IN)).toMatchObject({ cacheControl: 'private, no-store' });
    expect(await get('/guest-stands/falsches-token')).toMatchObject({ status: 404, cacheControl: 'private, no-store' });
  });

  it("marks a signed-in caller's error answers too", async () => {
    expect(await get('/stands/fehlt', SIGNED_IN)).toMatchObject({ status: 404, cacheControl: 'private, no-store' });
    expect((await get('/stands/fehlt')).cacheControl).toBeNull();
  });
});
