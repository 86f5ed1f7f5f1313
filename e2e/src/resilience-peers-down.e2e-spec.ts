import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReview, TStand } from '@flohmarkt/contracts';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { startTestStack, type ChildEntry, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Stand pages without their peers: the stands service reads the facts of events and the names of
 * users from its own read models, which the events and auth services keep current through their
 * outboxes. With events down a stand page answers; with auth down every anonymous read of stands
 * and reviews answers, names included; a name changed after auth is back reaches the stand reads.
 */

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const HOUR = 3600 * 1000;
const KIEL = { latitude: 54.3233, longitude: 10.1228 };

let stack: TestStack;

type Person = HttpSession & { id: string };

const call = (session: HttpSession | null, method: string, url: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, session, method, url, body);

const signedIn = (email: string, firstName: string, lastName: string): Promise<Person> => signedInSession(stack.publicUrl, email, firstName, lastName);

async function ok(url: string, session: HttpSession | null = null): Promise<Answer> {
  const answer = await call(session, 'GET', url);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer;
}

/** Stops one app, runs `check`, and starts the app again whatever happened; waits until the whole stack answers. */
async function without(app: 'events' | 'auth', check: () => Promise<void>): Promise<void> {
  await stack.group.stopOne(stack.entries[app] as ChildEntry);
  try {
    expect(stack.entries[app].exited).not.toBeNull();
    await check();
  } finally {
    stack.entries[app] = stack.group.restart(stack.entries[app]);
    await until(`${app} answers again`, async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 200, 30_000, 200);
  }
}

let organiser: Person;
let erik: Person;
let rita: Person;
let eventId: string;
let erikStand: string;
let guestStand: string;

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  organiser = await signedIn('olga.peers@example.org', 'Olga', 'Organisiert');
  erik = await signedIn('erik.peers@example.org', 'Erik', 'Aussteller');
  rita = await signedIn('rita.peers@example.org', 'Rita', 'Rezensentin');

  // Begun an hour ago, so reviews are open.
  const created = await call(organiser, 'POST', '/api/events', {
    name: 'Kieler Hafenflohmarkt',
    location: 'Kiellinie, Kiel',
    ...KIEL,
    startDateTime: new Date(Date.now() - HOUR).toISOString(),
    endDateTime: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
  const registered = await call(erik, 'POST', '/api/stands', {
    eventId,
    description: 'Seekarten und Bücher',
    categories: ['Bücher'],
    latitude: KIEL.latitude + 0.001,
    longitude: KIEL.longitude,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  erikStand = registered.body.id;
  expect((await call(organiser, 'PATCH', `/api/stands/${erikStand}/approve-draft`)).status).toBe(200);
  const guest = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gerda',
    guestLastName: 'Gast',
    description: 'Geschirr und Gläser',
    categories: ['Bücher'],
  });
  expect(guest.status, JSON.stringify(guest.body)).toBe(201);
  guestStand = guest.body.id;
  const review = await call(rita, 'POST', `/api/stands/${erikStand}/reviews`, { rating: 5, comment: 'Tolle Seekarten' });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
});

afterAll(async () => {
  await stack?.stop();
});

const erikNamed = (firstName: string, lastName: string) => ({ id: erik.id, firstName, lastName });

describe('with the events service down', () => {
  it("a stand page and the event's stand list answer 200 with their content; the organiser still sees the pending stand", async () => {
    await without('events', async () => {
      // The read model was filled moments ago by the relay; allow it a little time on a slow machine.
      const list = await until(
        'the stand list answers from the read model',
        async () => {
          const answer = await call(null, 'GET', `/api/events/${eventId}/stands`);
          return answer.status === 200 ? answer : null;
        },
        10_000,
        200,
      );
      expect(list.body.map((s: TStand) => s.id)).toEqual([erikStand]);
      expect(list.body[0].exhibitor).toEqual(erikNamed('Erik', 'Aussteller'));

      const page = await ok(`/api/stands/${erikStand}`);
      expect(page.body).toMatchObject({
        id: erikStand,
        eventId,
        status: 'approved',
        description: 'Seekarten und Bücher',
        exhibitor: erikNamed('Erik', 'Aussteller'),
      });
      expect((await ok(`/api/stands/${erikStand}/reviews`)).body.map((r: TReview) => r.comment)).toEqual(['Tolle Seekarten']);

      // Who organises the event comes from the read model too: the organiser sees the pending guest stand.
      const organisersList = await ok(`/api/events/${eventId}/stands`, organiser);
      expect(organisersList.body.map((s: TStand) => s.id).sort()).toEqual([erikStand, guestStand].sort());
      expect((await ok(`/api/stands/${guestStand}`, organiser)).body.guestFirstName).toBe('Gerda');
      expect((await call(erik, 'GET', `/api/stands/${guestStand}`)).status).toBe(404);
      // An event the read model never heard of is asked of the events service: down, so 503, never a guessed 404.
      expect((await call(null, 'GET', '/api/events/00000000-0000-4000-8000-000000000000/stands')).status).toBe(503);
    });
  });
});

describe('with the auth service down', () => {
  it('every anonymous read of stands and reviews answers 200 with the names, and so does the landing page', async () => {
    await without('auth', async () => {
      const reads: Record<string, string> = {
        stand: `/api/stands/${erikStand}`,
        eventStands: `/api/events/${eventId}/stands`,
        exhibitorStands: `/api/stands?exhibitorId=${erik.id}`,
        userStands: `/api/users/${erik.id}/stands`,
        myStandsPath: `/api/stands/user/${erik.id}`,
      };
      for (const url of Object.values(reads)) {
        const answer = await ok(url);
        const stands: TStand[] = Array.isArray(answer.body) ? answer.body : [answer.body];
        expect(stands.find((s) => s.id === erikStand)?.exhibitor, url).toEqual(erikNamed('Erik', 'Aussteller'));
      }
      const reviews = (await ok(`/api/stands/${erikStand}/reviews`)).body as TReview[];
      expect(reviews.map((r) => r.reviewer)).toEqual([{ id: rita.id, firstName: 'Rita', lastName: 'R.' }]);
      const exhibitorReviews = (await ok(`/api/reviews?exhibitorId=${erik.id}`)).body as TReview[];
      expect(exhibitorReviews.map((r) => r.reviewer?.firstName)).toEqual(['Rita']);

      const landing = await fetch(`${stack.publicUrl}/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
      await ok(`/api/events?upcoming=true&lat=${KIEL.latitude}&lng=${KIEL.longitude}&radiusKm=50&limit=5`);
      await ok(`/api/events/${eventId}`);
    });
  });

  it('after auth is back, a changed name reaches the stand and review reads', async () => {
    const renamed = await call(erik, 'PUT', `/api/users/${erik.id}`, { firstName: 'Erika', lastName: 'Seefahrer' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const renamedReviewer = await call(rita, 'PUT', `/api/users/${rita.id}`, { firstName: 'Rita', lastName: 'Lesefreund' });
    expect(renamedReviewer.status, JSON.stringify(renamedReviewer.body)).toBe(200);
    await until(
      'the new names in the stand reads',
      async () => {
        const stand = (await ok(`/api/stands/${erikStand}`)).body as TStand;
        const listed = ((await ok(`/api/events/${eventId}/stands`)).body as TStand[]).find((s) => s.id === erikStand);
        const [review] = (await ok(`/api/stands/${erikStand}/reviews`)).body as TReview[];
        return stand.exhibitor?.firstName === 'Erika' && listed?.exhibitor?.lastName === 'Seefahrer' && review.reviewer?.lastName === 'L.';
      },
      15_000,
      200,
    );
    // And they are the read model's, not a call's: they stay with auth down.
    await without('auth', async () => {
      expect((await ok(`/api/stands/${erikStand}`)).body.exhibitor).toEqual(erikNamed('Erika', 'Seefahrer'));
    });
  });
});
