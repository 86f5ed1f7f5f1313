import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { startTestStack, WEB_DIST, type TestStack } from './support/stack.js';

/*
 * The gateway's memory of anonymous public reads (public-read-cache.ts) and the first paints that read
 * through it, tried as an attacker would (issue 29): a HEAD, answered without a body, must never become
 * the copy every later signed-out visitor gets. Each read is HEADed first, then read as a browser would,
 * with and without its kept ETag.
 */

let stack: TestStack;
let eventId: string;

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  const olga = new HttpSession(stack.publicUrl);
  await olga.signIn({ email: 'olga.cache@example.org', firstName: 'Olga', lastName: 'Organisiert' });
  const created = await apiCall(stack.publicUrl, olga, 'POST', '/api/events', {
    name: 'Hofflohmarkt Nippes',
    description: 'Viele Höfe, ein Flohmarkt.',
    location: 'Nippes, Köln',
    latitude: 50.965,
    longitude: 6.955,
    startDateTime: inDays(12, 8),
    endDateTime: inDays(12, 14),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
});

afterAll(async () => {
  await stack?.stop();
});

const reads = () => [
  { name: 'event detail', path: `/api/events/${eventId}`, holds: 'Hofflohmarkt Nippes' },
  { name: 'event list', path: '/api/events?upcoming=true', holds: 'Hofflohmarkt Nippes' },
  { name: 'map viewport', path: '/api/events/viewport?bbox=6.8,50.8,7.1,51.1&zoom=12', holds: eventId },
  { name: 'event page', path: `/events/${eventId}`, holds: 'Hofflohmarkt Nippes' },
];

describe('HEAD before GET on every cached read', () => {
  it.each([0, 1, 2, 3])('read %i: a HEAD answers headers only and leaves the GET whole for everyone after it', async (index) => {
    const read = reads()[index];
    const head = await fetch(`${stack.publicUrl}${read.path}`, { method: 'HEAD' });
    expect(head.status, read.name).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    for (let visitor = 0; visitor < 3; visitor++) {
      // Repeated HEADs in between, as an attacker keeping the copy broken would send them.
      await fetch(`${stack.publicUrl}${read.path}`, { method: 'HEAD' }).then((r) => r.arrayBuffer());
      const get = await fetch(`${stack.publicUrl}${read.path}`);
      expect(get.status, read.name).toBe(200);
      const text = await get.text();
      expect(text, `${read.name}, visitor ${visitor}`).toContain(read.holds);

      const etag = get.headers.get('etag');
      if (etag) {
        // A browser revalidating its copy gets 304 only for a copy that holds the answer.
        const again = await fetch(`${stack.publicUrl}${read.path}`, { headers: { 'if-none-match': etag } });
        expect([200, 304]).toContain(again.status);
        if (again.status === 200) expect(await again.text()).toContain(read.holds);
      }
    }
  });

  it('answers a HEAD of a kept read with the GET answer’s headers and no body', async () => {
    const path = `/api/events/${eventId}`;
    const get = await fetch(`${stack.publicUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await get.arrayBuffer());
    const head = await fetch(`${stack.publicUrl}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});
