import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { Mailbox, confirmGuestAddress } from './support/mailbox.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * The organiser's cockpit (issue 18) through the gateway: a capped event whose waitlist fills and
 * empties by itself, race-free under a burst of parallel registrations; the bulk review in one call;
 * a walk-up stand; the counters. Guests confirm their address through the link of their first mail
 * (issue 29); decisions settle 1 s here (the product: 300 s).
 */

let stack: TestStack;
let mailbox: Mailbox;
let organizer: HttpSession & { id: string };
let stranger: HttpSession & { id: string };

const call = (who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);
const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 50.9413, longitude: 6.9583 };

async function cappedEvent(name: string, maxStands: number): Promise<string> {
  const res = await call(organizer, 'POST', '/api/events', {
    name,
    location: 'Domplatte, Köln',
    startDateTime: new Date(Date.now() + 30 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 30 * DAY + 6 * 3600 * 1000).toISOString(),
    maxStands,
    ...CENTER,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const guest = (n: number, email?: string) => ({
  guestFirstName: `Gast${n}`,
  description: 'Bücher und Geschirr vom Dachboden',
  categories: ['Bücher'],
  ...(email ? { guestEmail: email } : {}),
});

beforeAll(async () => {
  stack = await startTestStack({
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' },
    env: { MAIL_RETRY_MAX_MS: '1000', MAIL_SETTLE_S: '1', DIGEST_SWEEP_SECONDS: '1' },
  });
  mailbox = new Mailbox(stack.mailDir);
  [organizer, stranger] = await Promise.all([
    signedInSession(stack.publicUrl, 'orga.cockpit@example.org', 'Olga', 'Organisatorin'),
    signedInSession(stack.publicUrl, 'fremd.cockpit@example.org', 'Frieda', 'Fremd'),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

describe('capacity and waitlist', () => {
  it('takes exactly the free places from 30 parallel registrations and puts the rest on the waitlist in order', async () => {
    const market = await cappedEvent('Kinderbasar Sülz', 10);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(null, 'POST', `/api/events/${market}/guest-stands`, guest(i + 1))));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const drafts = (await call(organizer, 'GET', `/api/events/${market}/draft-stands?status=pending`)).body as { id: string }[];
    const waiting = (await call(organizer, 'GET', `/api/events/${market}/draft-stands?status=waitlisted`)).body as { id: string; waitlistPosition: number }[];
    expect(drafts).toHaveLength(10);
    expect(waiting.map((s) => s.waitlistPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const overview = (await call(organizer, 'GET', `/api/events/${market}/stand-overview`)).body;
    expect(overview).toMatchObject({ pending: 10, waitlisted: 20, approved: 0, maxStands: 10, freePlaces: 0 });
    // Visitors read the same: pending registrations hold their places (the event's read model lags by the relay).
    await expect.poll(async () => (await call(null, 'GET', `/api/events/${market}`)).body.freePlaces, { timeout: 15_000 }).toBe(0);
  });

  it("moves the first waiting registration up when a place comes free, tells them, and keeps everyone else's order", async () => {
    const market = await cappedEvent('Hofflohmarkt Lindenthal', 2);
    const first = await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(1, 'erste.cockpit@example.org'));
    await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(2));
    const waiting = await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(3, 'dritte.cockpit@example.org'));
    expect(waiting.body.status).toBe('waitlisted');
    await confirmGuestAddress(mailbox, 'dritte.cockpit@example.org');
    const [confirmation] = await mailbox.waitFor({ to: 'dritte.cockpit@example.org', subject: /ist eingegangen$/ });
    expect(confirmation.text).toContain('Du stehst auf der Warteliste (Platz 1)');

    const token = (first.body.manageUrl as string).split('/').pop();
    expect((await call(null, 'DELETE', `/api/guest-stands/${token}`)).status).toBe(204);
    const moved = await call(null, 'GET', `/api/guest-stands/${(waiting.body.manageUrl as string).split('/').pop()}`);
    expect(moved.body.status).toBe('pending');
    const [promoted] = await mailbox.waitFor({ to: 'dritte.cockpit@example.org', subject: /ist nachgerückt$/ });
    expect(promoted.text).toContain('Hofflohmarkt Lindenthal');
  });

  it('refuses a cap below the approved stands with a German message, and a raised cap moves the waitlist up', async () => {
    const market = await cappedEvent('Trödel am Rhein', 2);
    const a = await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(1));
    const b = await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(2));
    const c = await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(3));
    expect(c.body.status).toBe('waitlisted');
    for (const stand of [a, b]) expect((await call(organizer, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`)).status).toBe(200);
    const event = (await call(organizer, 'GET', `/api/events/${market}`)).body;
    const tooLow = await call(organizer, 'PUT', `/api/events/${market}`, { ...event, maxStands: 1 });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.message).toContain('2');
    expect((await call(organizer, 'GET', `/api/events/${market}`)).body.maxStands).toBe(2);
    expect((await call(organizer, 'PUT', `/api/events/${market}`, { ...event, maxStands: 3 })).status).toBe(200);
    const token = (c.body.manageUrl as string).split('/').pop();
    await expect.poll(async () => (await call(null, 'GET', `/api/guest-stands/${token}`)).body.status, { timeout: 15_000 }).toBe('pending');
  });
});

describe('review at scale', () => {
  it('approves and rejects many in one call for the organiser only, and an organiser enters a walk-up stand approved at once', async () => {
    const market = await cappedEvent('Flohmarkt Bulk', 50);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await call(null, 'POST', `/api/events/${market}/guest-stands`, guest(i, `bulk${i}.cockpit@example.org`))).body.id);
    await confirmGuestAddress(mailbox, 'bulk4.cockpit@example.org');
    const body = { approve: ids.slice(0, 3), reject: ids.slice(3), reason: 'Leider kein Platz mehr in dieser Straße.' };
    expect((await call(stranger, 'PATCH', `/api/events/${market}/stands/review`, body)).status).toBe(403);
    expect((await call(null, 'PATCH', `/api/events/${market}/stands/review`, body)).status).toBe(401);
    const done = await call(organizer, 'PATCH', `/api/events/${market}/stands/review`, body);
    expect(done.status).toBe(200);
    expect((done.body as { status: string }[]).map((s) => s.status).sort()).toEqual(['approved', 'approved', 'approved', 'rejected', 'rejected']);
    const rejectedMail = await mailbox.waitForOne({ to: 'bulk4.cockpit@example.org', subject: /abgelehnt$/ });
    expect(rejectedMail.text).toContain('Begründung: Leider kein Platz mehr in dieser Straße.');

    const walkUp = await call(organizer, 'POST', `/api/events/${market}/walk-up-stands`, {
      description: 'Spontan mit Kuchen und Kaffee',
      categories: ['Verschiedenes'],
    });
    expect(walkUp.status).toBe(201);
    expect(walkUp.body.status).toBe('approved');
    expect(
      (await call(stranger, 'POST', `/api/events/${market}/walk-up-stands`, { description: 'Spontan mit Kuchen und Kaffee', categories: ['Verschiedenes'] }))
        .status,
    ).toBe(403);
    const listed = (await call(null, 'GET', `/api/events/${market}/stands`)).body as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([...ids.slice(0, 3), walkUp.body.id]));
  });
});
