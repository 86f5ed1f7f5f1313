import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION, type TEvent } from '@flohmarkt/contracts';
import { apiCall, type Answer } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * Cancelling an event, its registration deadline and notification switch, through the gateway
 * (docs/product.md#events): organiser or admin, 401 → 404 → 403 → 400, once and for good; the
 * cancelled event reads as such everywhere and stays listed until its end.
 */

let stack: TestStack;
const ADMIN = 'admin.cancel@flohmarkt.example';

let olga: HttpSession; // organises the events
let stefan: HttpSession; // signed in, organises none of them
let admin: HttpSession;

function call(session: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> {
  return apiCall(stack.publicUrl, session, method, path, body);
}

function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Hofflohmarkt Nippes',
    location: 'Nippes, Köln',
    latitude: 50.9667,
    longitude: 6.95,
    startDateTime: inDays(12, 8),
    endDateTime: inDays(12, 14),
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<TEvent> {
  const answer = await call(olga, 'POST', '/api/events', eventBody(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN });
  olga = new HttpSession(stack.publicUrl);
  stefan = new HttpSession(stack.publicUrl);
  admin = new HttpSession(stack.publicUrl);
  await olga.signIn({ email: 'olga.cancel@example.org', firstName: 'Olga', lastName: 'Organisiert' });
  await stefan.signIn({ email: 'stefan.cancel@example.org', firstName: 'Stefan', lastName: 'Fremd' });
  await admin.signIn({ email: ADMIN, firstName: 'Ada', lastName: 'Admin' });
});

afterAll(async () => {
  await stack?.stop();
});

describe('registration deadline and notification switch', () => {
  it('are answered in every read: none and on by default, as set otherwise; a planned future event is upcoming', async () => {
    const plain = await create();
    expect(plain).toMatchObject({ registrationDeadline: null, notifyOnRegistration: true, status: 'planned', cancelReason: null, phase: 'upcoming' });
    const deadline = inDays(11, 18);
    const set = await create({ registrationDeadline: deadline, notifyOnRegistration: false });
    expect((await call(null, 'GET', `/api/events/${set.id}`)).body).toMatchObject({
      registrationDeadline: deadline,
      notifyOnRegistration: false,
      phase: 'upcoming',
    });
    const listed = ((await call(null, 'GET', '/api/events')).body as TEvent[]).find((e) => e.id === set.id);
    expect(listed).toMatchObject({ registrationDeadline: deadline, notifyOnRegistration: false, phase: 'upcoming' });
  });

  it('refuses a deadline after the end with a German 400', async () => {
    expect(await call(olga, 'POST', '/api/events', eventBody({ registrationDeadline: inDays(12, 15) }))).toEqual({
      status: 400,
      body: { message: API_ERRORS.registrationDeadlineAfterEnd },
    });
    const event = await create({ registrationDeadline: inDays(12, 9) });
    const moved = await call(olga, 'PUT', `/api/events/${event.id}`, eventBody({ startDateTime: inDays(12, 6), endDateTime: inDays(12, 8) }));
    expect(moved).toEqual({ status: 400, body: { message: API_ERRORS.registrationDeadlineAfterEnd } });
  });

  it('reads a running event as running', async () => {
    const running = await create({ startDateTime: new Date(Date.now() - 3600_000).toISOString(), endDateTime: new Date(Date.now() + 3600_000).toISOString() });
    expect(running.phase).toBe('running');
  });
});

describe('PATCH /api/events/:id/cancel', () => {
  it('checks 401, then 404, then 403 whatever the body, then 400', async () => {
    const event = await create();
    const tooLong = { reason: 'x'.repeat(501) };
    expect(await call(null, 'PATCH', `/api/events/${event.id}/cancel`, {})).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
    expect(await call(stefan, 'PATCH', '/api/events/00000000-0000-4000-8000-000000000000/cancel', {})).toEqual({
      status: 404,
      body: { message: API_ERRORS.eventNotFound },
    });
    expect(await call(stefan, 'PATCH', '/api/events/kein-event/cancel', {})).toEqual({ status: 404, body: { message: API_ERRORS.eventNotFound } });
    expect(await call(stefan, 'PATCH', `/api/events/${event.id}/cancel`, tooLong)).toEqual({ status: 403, body: { message: API_ERRORS.eventCancelForbidden } });
    expect(await call(olga, 'PATCH', `/api/events/${event.id}/cancel`, tooLong)).toEqual({ status: 400, body: { message: VALIDATION.textTooLong(500) } });
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body).toMatchObject({ status: 'planned', phase: 'upcoming' });
  });

  it('lets the organiser cancel with a reason; every read says cancelled, the event stays in the upcoming list', async () => {
    const event = await create();
    const cancelled = await call(olga, 'PATCH', `/api/events/${event.id}/cancel`, { reason: 'Unwetterwarnung für Köln' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: event.id, status: 'cancelled', cancelReason: 'Unwetterwarnung für Köln', phase: 'cancelled' });
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Unwetterwarnung für Köln',
      phase: 'cancelled',
    });
    const upcoming = (await call(null, 'GET', '/api/events?upcoming=true')).body as TEvent[];
    expect(upcoming.find((e) => e.id === event.id)).toMatchObject({ status: 'cancelled', phase: 'cancelled' });
  });

  it('answers a second cancel with the event unchanged', async () => {
    const event = await create();
    const first = (await call(olga, 'PATCH', `/api/events/${event.id}/cancel`, { reason: 'Regen' })).body as TEvent;
    const again = await call(olga, 'PATCH', `/api/events/${event.id}/cancel`, { reason: 'Anderer Grund' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'cancelled', cancelReason: 'Regen', updatedAt: first.updatedAt });
  });

  it('lets an admin cancel without a body', async () => {
    const event = await create();
    const cancelled = await call(admin, 'PATCH', `/api/events/${event.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', cancelReason: null } });
  });

  it('cannot be undone by an edit: PUT keeps status and reason', async () => {
    const event = await create();
    await call(olga, 'PATCH', `/api/events/${event.id}/cancel`, { reason: 'Regen' });
    const edited = await call(olga, 'PUT', `/api/events/${event.id}`, eventBody({ name: 'Doch nicht abgesagt', status: 'planned', cancelReason: null }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Doch nicht abgesagt', status: 'cancelled', cancelReason: 'Regen', phase: 'cancelled' });
  });
});
