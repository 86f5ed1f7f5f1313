import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@flohmarkt/contracts';
import { apiCall, type Answer } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * The public site without the stands service: the event lists (landing list, map) and the event
 * detail answer from the events service's own read model of approved-stand counts, which the
 * stands service keeps current through its outbox. Counts may lag while stands is down, and catch
 * up once it is back.
 */

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const FLENSBURG = { lat: 54.7836, lng: 9.4321 };

let stack: TestStack;
let organiser: HttpSession;

const call = (session: HttpSession | null, method: string, url: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, session, method, url, body);

async function guestStand(eventId: string, standNumber: string): Promise<string> {
  const created = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gerda',
    guestLastName: 'Gast',
    standNumber,
    description: 'Bücher und alte Schallplatten',
    categories: ['Bücher'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function approve(standId: string): Promise<void> {
  const answer = await call(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The event's standCount on each public read that shows it; each must answer 200. */
async function countsOn(eventId: string): Promise<Record<string, number | undefined>> {
  const { lat, lng } = FLENSBURG;
  const reads = {
    list: '/api/events',
    landing: `/api/events?upcoming=true&lat=${lat}&lng=${lng}&radiusKm=50&limit=5`,
    map: `/api/events?bbox=${lng - 0.2},${lat - 0.1},${lng + 0.2},${lat + 0.1}`,
    detail: `/api/events/${eventId}`,
  };
  const counts: Record<string, number | undefined> = {};
  for (const [name, url] of Object.entries(reads)) {
    const answer = await call(null, 'GET', url);
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    const event: TEvent | undefined = Array.isArray(answer.body) ? answer.body.find((e: TEvent) => e.id === eventId) : answer.body;
    counts[name] = event?.standCount;
  }
  return counts;
}

const everywhere = (n: number) => ({ list: n, landing: n, map: n, detail: n });

/** Until every public read shows `n` (the read model is eventually consistent). */
async function untilCountIs(eventId: string, n: number): Promise<void> {
  await until(`standCount ${n} everywhere`, async () => JSON.stringify(await countsOn(eventId)) === JSON.stringify(everywhere(n)), 30_000, 200);
}

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn({ email: 'olga.ausfall@example.org', firstName: 'Olga', lastName: 'Organisiert' });
});

afterAll(async () => {
  await stack?.stop();
});

describe('with the stands service down', () => {
  it('the landing list, the map, the event lists and the detail answer 200 with the counts; after stands is back they follow again', async () => {
    const created = await call(organiser, 'POST', '/api/events', {
      name: 'Hafenflohmarkt Flensburg',
      location: 'Schiffbrücke, Flensburg',
      latitude: FLENSBURG.lat,
      longitude: FLENSBURG.lng,
      startDateTime: inDays(5, 8),
      endDateTime: inDays(5, 15),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId: string = created.body.id;
    const stands = [await guestStand(eventId, 'A1'), await guestStand(eventId, 'A2'), await guestStand(eventId, 'A3')];
    await approve(stands[0]);
    await approve(stands[1]);
    await untilCountIs(eventId, 2);

    await stack.group.stopOne(stack.entries.stands);
    try {
      expect(stack.entries.stands.exited).not.toBeNull();
      expect(await countsOn(eventId)).toEqual(everywhere(2));
      const landing = await fetch(`${stack.publicUrl}/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
      // What needs stands says so (503), rather than the whole site failing.
      expect((await call(null, 'GET', `/api/events/${eventId}/stands`)).status).toBe(503);
    } finally {
      stack.entries.stands = stack.group.restart(stack.entries.stands);
    }

    await until('stands answers again', async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 200, 30_000, 200);
    await approve(stands[2]);
    await untilCountIs(eventId, 3);
    // Deleting an approved stand counts too.
    expect((await call(organiser, 'DELETE', `/api/stands/${stands[0]}`)).status).toBe(204);
    await untilCountIs(eventId, 2);
  });
});
