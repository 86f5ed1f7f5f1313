import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_ERRORS,
  COME_BACK_MESSAGES,
  FAVOURITE_MESSAGES,
  HOLD_MESSAGES,
  ITEM_MESSAGES,
  LIVE_MESSAGES,
  MARKET_DAY_MESSAGES,
  REVIEW_MESSAGES,
  ROUTE_CALL_MESSAGES,
  SCREENS,
  SERIES_MESSAGES,
  STAND_API_ERRORS,
  STAND_NUMBER_MESSAGES,
  VALIDATION,
  PUBLIC_CALLS,
} from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * docs/product.md#permissions and its order of checks (401 → 404 → 403 → 400 → 409 → 2xx) as one
 * table: every public call of the gateway's route table × every kind of caller → the status (and,
 * for 4xx, the exact `{ message }`). The photo calls and /api/media/* are the media tests' business.
 *
 * Callers: anonymous; participant (a signed-in stranger); owner (the exhibitor who owns the stands,
 * the profile and the user record the rows aim at); organiser (role organizer, organises the events
 * of the rows); otherOrganiser (role organizer, organises only an event of their own); admin.
 *
 * Shared fixtures are built once. Rows that change something for good (deletes, approve/reject of
 * a pending stand, role changes, creating events) build their own fixture in `setup`, and the other
 * writes send the values the fixture already has, so no row depends on another one or its order.
 */

const ROLES = ['anonymous', 'participant', 'owner', 'organiser', 'otherOrganiser', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Json = ReturnType<typeof JSON.parse>;
type Ids = Record<string, string>;
/** A status, or a status with the exact message of the error body. */
type Expectation = number | [number, string];

interface Fresh {
  /** Extra path parameters, e.g. `fresh`. */
  ids?: Ids;
  /** Acts instead of the role's shared session (the row's own account), with its user id. */
  actor?: { session: HttpSession; id: string };
}

interface Row {
  title: string;
  method: Method;
  /** Path below /api with `:name` placeholders filled from the fixtures. */
  path: string;
  role: Role;
  body?: unknown | ((ids: Ids) => unknown);
  /** Extra request headers. */
  headers?: Record<string, string>;
  setup?: (role: Role) => Promise<Fresh>;
  expect: number;
  message?: string;
  /** Runs on 2xx answers; actorId is the caller's user id (null when anonymous). */
  check?: (body: Json, role: Role, ids: Ids, actorId: string | null) => void;
}

interface Options {
  /** What makes this group of rows different from the others of the same call. */
  variant?: string;
  body?: Row['body'];
  headers?: Row['headers'];
  setup?: Row['setup'];
  /** The message of this group's 404s. */
  notFound?: string;
  /** The message of this group's 403s (default: the generic one). */
  forbidden?: string;
  check?: Row['check'];
}

/** One call for the given roles: one row each. */
function rows(method: Method, path: string, expected: Partial<Record<Role, Expectation>>, options: Options = {}): Row[] {
  return ROLES.filter((role) => expected[role] !== undefined).map((role) => {
    const given = expected[role] as Expectation;
    const [status, explicit] = typeof given === 'number' ? [given, undefined] : given;
    const defaults: Record<number, string | undefined> = {
      401: API_ERRORS.unauthenticated,
      403: options.forbidden ?? API_ERRORS.forbidden,
      404: options.notFound,
    };
    const message = status >= 400 ? (explicit ?? defaults[status]) : undefined;
    if (status >= 400 && !message) throw new Error(`table: no message for ${method} ${path} ${role} ${status}`);
    const variant = options.variant ? ` [${options.variant}]` : '';
    return {
      title: `${method} ${path}${variant} as ${role} → ${status}`,
      method,
      path,
      role,
      body: options.body,
      headers: options.headers,
      setup: options.setup,
      expect: status,
      message,
      check: options.check,
    };
  });
}

/** The same status for everyone signed in, 401 for anonymous callers (sign-in routes). */
const signedIn = (status: Expectation): Partial<Record<Role, Expectation>> => ({
  anonymous: 401,
  participant: status,
  owner: status,
  organiser: status,
  otherOrganiser: status,
  admin: status,
});
const everyone = (status: Expectation): Partial<Record<Role, Expectation>> => ({ ...signedIn(status), anonymous: status });

let stack: TestStack;
const ADMIN_EMAIL = 'admin.rechte@flohmarkt.example';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const sessions: Record<Role, HttpSession | null> = { anonymous: null, participant: null, owner: null, organiser: null, otherOrganiser: null, admin: null };
// unknownCode: six characters of the invite alphabet that no invite of the run is given (a 1 in 10^9 chance).
const ids: Ids = { unknown: UNKNOWN, unknownToken: 'AAAAAAAAAAAAAAAAAAAAAA', unknownCode: 'ZZZZZZ' };
let sequence = 0;

async function call(
  who: HttpSession | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = who ? await who.fetch(path, init) : await fetch(`${stack.publicUrl}${path}`, init);
  const text = await res.text();
  // Files (PDF, iCal, CSV) are checked by their type here; their content by their own specs.
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: text && json ? JSON.parse(text) : { contentType: res.headers.get('content-type') } };
}

/** A call the fixtures need to succeed. */
async function must(who: HttpSession | null, method: Method, path: string, body?: unknown): Promise<Json> {
  const answer = await call(who, method, path, body);
  if (answer.status >= 300) throw new Error(`fixture ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function person(
  firstName: string,
  lastName: string,
  email = `${firstName}.${lastName}.${++sequence}@example.org`.toLowerCase(),
): Promise<{ session: HttpSession; id: string }> {
  const session = new HttpSession(stack.publicUrl);
  await session.signIn({ email, firstName, lastName });
  const me = await must(session, 'GET', '/api/auth/user');
  return { session, id: me.id };
}

// Cologne, Roncalliplatz; every event of the test sits there, every stand 100 m away.
const PLACE = { latitude: 50.9413, longitude: 6.9583 };
const NEAR = { latitude: '50.94200000', longitude: '6.95900000' };
const HOUR = 3600 * 1000;
const at = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR).toISOString();

const eventBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Trödelmarkt am Dom',
  location: 'Roncalliplatz, 50667 Köln',
  startDateTime: at(24 * 10),
  endDateTime: at(24 * 10 + 6),
  ...PLACE,
  ...extra,
});
// One set of stand values for creating and editing: an edit by anyone leaves the fixture as it was.
// No stand number: the approved stands of one event never share one (a 409), and the fixtures approve several.
const STAND = { description: 'Bücher, Schallplatten und Spielzeug', categories: ['Bücher', 'Spielzeug'], standNumber: null, ...NEAR };
const registerBody = (eventId: string) => ({ eventId, ...STAND });
const guestBody = { guestFirstName: 'Gerda', guestLastName: 'Gast', ...STAND };
const PROFILE = { bio: 'Sammle seit 20 Jahren Bücher und Platten.', specialties: ['Bücher', 'Schallplatten'] };
const NAMES = { firstName: 'Erik', lastName: 'Aussteller' };

async function newEvent(extra: Record<string, unknown> = {}, who: Role = 'organiser'): Promise<string> {
  return (await must(sessions[who], 'POST', '/api/events', eventBody(extra))).id;
}

/** The exhibitor's stand at a new event of the organiser (one stand per user and event). */
async function registeredStand(status: 'pending' | 'approved' | 'rejected'): Promise<string> {
  const eventId = await newEvent();
  const stand = await must(sessions.owner, 'POST', '/api/stands', registerBody(eventId));
  if (status === 'approved') await must(sessions.organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  if (status === 'rejected') await must(sessions.organiser, 'PATCH', `/api/stands/${stand.id}/reject`);
  return stand.id;
}

async function guestStand(status: 'pending' | 'approved', eventId = ids.event): Promise<string> {
  const stand = await must(null, 'POST', `/api/events/${eventId}/guest-stands`, guestBody);
  if (status === 'approved') await must(sessions.organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  return stand.id;
}

/** Auth applies OrganizerAppointed from its queue, a moment after the event exists. */
async function becomesOrganizer(session: HttpSession): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await call(session, 'GET', '/api/auth/user')).body.role !== 'organizer') {
    if (Date.now() > until) throw new Error('fixture: the role organizer did not arrive within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A helper's invite of the team rows (issue 36), open for a week. */
const INVITE = { role: 'helper', expiresAt: at(24 * 7) };
const RECONFIRMATION = { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 24 };
/** A tick of the check-in, made now (a function: the table is written before the run). */
const tickNow =
  (state = 'present') =>
  () => ({ state, at: new Date().toISOString() });

/** An item of the items rows (issue 35). */
const ITEM = { title: 'Kinderfahrrad 20 Zoll', price: { kind: 'fixed', cents: 2500 }, category: 'Spielzeug' };

// Fresh fixtures for the rows that change something for good.
const fresh = {
  event: async (): Promise<Fresh> => ({ ids: { fresh: await newEvent() } }),
  stand: (status: 'pending' | 'approved') => async (): Promise<Fresh> => ({ ids: { fresh: await registeredStand(status) } }),
  guest: (status: 'pending' | 'approved') => async (): Promise<Fresh> => ({ ids: { fresh: await guestStand(status) } }),
  /** A new guest stand's manage token (the last segment of its manageUrl). */
  guestLink: async (): Promise<Fresh> => {
    const { manageUrl } = await must(null, 'POST', `/api/events/${ids.event}/guest-stands`, guestBody);
    return { ids: { fresh: (manageUrl as string).split('/').pop() as string } };
  },
  /** A new account; for the owner role it is that account acting on itself. */
  user: async (role: Role): Promise<Fresh> => {
    const user = await person('Nora', 'Neu');
    return { ids: { fresh: user.id }, actor: role === 'owner' ? user : undefined };
  },
  /** A new account that deletes itself (DELETE /api/me): its e-mail, the confirmation, travels as `confirm`. */
  selfDeleting: async (role: Role): Promise<Fresh> => {
    const email = `konto.weg.${++sequence}@example.org`;
    const user = await person('Karla', 'Weg', email);
    return { ids: { confirm: email }, actor: role === 'owner' ? user : undefined };
  },
  /** Creating an event makes its creator an organiser: the shared participants must stay participants. */
  creator: async (role: Role): Promise<Fresh> => (role === 'participant' || role === 'owner' ? { actor: await person('Clara', 'Neu') } : {}),
  /** A new item on the owner's approved stand. */
  item: async (): Promise<Fresh> => ({ ids: { item: (await must(sessions.owner, 'POST', `/api/stands/${ids.approvedStand}/items`, ITEM)).id as string } }),
  /** An item on a new approved stand of the owner (a stand lists at most 20, and every hold row takes one). */
  holdableItem: async (): Promise<Fresh> => ({
    ids: { item: (await must(sessions.owner, 'POST', `/api/stands/${await registeredStand('approved')}/items`, ITEM)).id as string },
  }),
  /**
   * A hold asked for on a new item of the owner: by the participant for the participant's rows (they
   * act as its holder), else by a visitor of a small pool, each kept below the limit of ten open holds
   * (new accounts one each would run into the sign-in limit per address).
   */
  hold: async (role: Role): Promise<Fresh> => {
    const { ids: itemIds } = await fresh.holdableItem();
    const holder = role === 'participant' ? (sessions.participant as HttpSession) : await poolHolder();
    const hold = await must(holder, 'POST', `/api/items/${itemIds?.item}/holds`);
    return { ids: { hold: hold.id as string } };
  },
  /** A new market of the organiser's with a helper invite of its own: `fresh` is the market, `code` the invite. */
  teamInvite: async (): Promise<Fresh> => {
    const eventId = await newEvent({ name: 'Markt mit Team' });
    const invite = await must(sessions.organiser, 'POST', `/api/events/${eventId}/team-invites`, INVITE);
    return { ids: { fresh: eventId, code: invite.code as string } };
  },
  /** The same, the invite revoked by the organiser. */
  revokedInvite: async (): Promise<Fresh> => {
    const { ids: invite } = await fresh.teamInvite();
    await must(sessions.organiser, 'DELETE', `/api/events/${invite?.fresh}/team-invites/${invite?.code}`);
    return { ids: invite };
  },
  /** A new market whose team the participant joined as a helper: `member` is the participant (who may leave by themselves). */
  participantInTeam: async (): Promise<Fresh> => {
    const { ids: invite } = await fresh.teamInvite();
    await must(sessions.participant, 'POST', `/api/team-invites/${invite?.code}/accept`);
    return { ids: { fresh: invite?.fresh as string, member: ids.participant } };
  },
  /** A new market with the reconfirmation switched on (its question is days away: nobody asked yet). */
  reconfirming: async (): Promise<Fresh> => ({ ids: { fresh: await newEvent({ name: 'Markt mit Rückmeldung', reconfirmation: RECONFIRMATION }) } }),
  /** The same, its one reminder already sent by the organiser. */
  remindedOnce: async (): Promise<Fresh> => {
    const { ids: market } = await fresh.reconfirming();
    await must(sessions.organiser, 'POST', `/api/events/${market?.fresh}/confirmations/remind`);
    return { ids: market };
  },
};

/** The visitors who ask for the holds of the rows of other roles, each at most eight times. */
const holderPool: { session: HttpSession; uses: number }[] = [];
async function poolHolder(): Promise<HttpSession> {
  let holder = holderPool.find((h) => h.uses < 8);
  if (!holder) holderPool.push((holder = { session: (await person('Hanna', 'Halter')).session, uses: 0 }));
  holder.uses++;
  return holder.session;
}

const listed = (body: Json, id: string) => (body as { id: string }[]).some((s) => s.id === id);
const managers: Role[] = ['organiser', 'admin'];

const ROWS: Row[] = [
  // Gateway-owned: who am I (not in the route table, but every client asks first).
  ...rows('GET', '/auth/user', signedIn(200), {
    check: (body, role) =>
      expect(body.role).toBe(
        { participant: 'participant', owner: 'participant', organiser: 'organizer', otherOrganiser: 'organizer', admin: 'admin' }[
          role as Exclude<Role, 'anonymous'>
        ],
      ),
  }),

  // ---- events service
  ...rows('GET', '/events', everyone(200), { check: (body, _role, i) => expect(listed(body, i.event)).toBe(true) }),
  ...rows('POST', '/events', signedIn(201), {
    body: (i: Ids) => eventBody({ organizerId: i.exhibitor, status: 'cancelled' }),
    setup: fresh.creator,
    check: (body, _role, _i, actorId) => expect(body).toMatchObject({ organizerId: actorId, status: 'planned' }),
  }),
  ...rows('POST', '/events', { anonymous: 401 }, { variant: 'invalid body', body: {} }),
  ...rows('GET', '/events/:event', everyone(200)),
  ...rows('GET', '/events/viewport?bbox=5.5,47,15.5,55.2&zoom=6', everyone(200), {
    check: (body) => expect(body).toMatchObject({ clustered: true, events: [] }),
  }),
  ...rows('GET', '/events/viewport?bbox=15.5,47,5.5,55.2&zoom=6', everyone([400, VALIDATION.invalidBbox])),
  ...rows('GET', '/events/:unknown', everyone(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows('GET', '/events/kein-event', everyone(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'PUT',
    '/events/:editEvent',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      body: (i: Ids) => eventBody({ organizerId: i.participant, status: 'cancelled' }),
      forbidden: SCREENS.eventEditForbidden,
      check: (body, _role, i) => expect(body).toMatchObject({ organizerId: i.organiser, status: 'planned' }),
    },
  ),
  ...rows(
    'PUT',
    '/events/:editEvent',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, VALIDATION.eventEditStartRequired],
      otherOrganiser: 403,
      admin: [400, VALIDATION.eventEditStartRequired],
    },
    {
      variant: 'invalid body',
      body: eventBody({ startDateTime: '' }),
      forbidden: SCREENS.eventEditForbidden,
    },
  ),
  ...rows('PUT', '/events/:unknown', signedIn(404), { variant: 'unknown id, invalid body', body: {}, notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'PATCH',
    '/events/:fresh/cancel',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      setup: fresh.event,
      body: { reason: 'Sturmwarnung.' },
      forbidden: API_ERRORS.eventCancelForbidden,
      check: (body) => expect(body).toMatchObject({ status: 'cancelled', cancelReason: 'Sturmwarnung.' }),
    },
  ),
  ...rows('PATCH', '/events/:unknown/cancel', signedIn(404), { body: {}, notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'DELETE',
    '/events/:fresh',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 204 },
    { setup: fresh.event },
  ),
  ...rows('DELETE', '/events/:unknown', signedIn(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows('DELETE', '/events/kein-event', signedIn(404), { notFound: API_ERRORS.eventNotFound }),
  // Markets that repeat (issue 34): a series is read by anyone; copies and invitations are the organiser's.
  ...rows('GET', '/series/:series', everyone(200), {
    setup: async () => ({
      ids: { series: (await must(sessions.organiser, 'POST', '/api/events', eventBody({ series: { rule: 'weekly', count: 2 } }))).seriesId },
    }),
    check: (body, _role, i) => expect(body).toMatchObject({ id: i.series, events: [expect.anything(), expect.anything()] }),
  }),
  ...rows('GET', '/series/:unknown', everyone([404, SERIES_MESSAGES.seriesNotFound])),
  ...rows(
    'PUT',
    '/events/:editEvent?scope=alle',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, SERIES_MESSAGES.scopeInvalid],
      otherOrganiser: 403,
      admin: [400, SERIES_MESSAGES.scopeInvalid],
    },
    { variant: 'unknown scope', body: eventBody(), forbidden: SCREENS.eventEditForbidden },
  ),
  ...rows(
    'POST',
    '/events/:event/copy',
    { anonymous: 401, participant: 403, owner: 403, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      body: (i: Ids) => ({ ...eventBody({ organizerId: i.participant }), name: 'Nicht übernommen' }),
      forbidden: SERIES_MESSAGES.copyForbidden,
      check: (body, _role, i) => expect(body).toMatchObject({ organizerId: i.organiser, copiedFromId: i.event, status: 'planned', standCount: 0 }),
    },
  ),
  ...rows('POST', '/events/:unknown/copy', signedIn(404), { body: eventBody(), notFound: API_ERRORS.eventNotFound }),
  ...rows('POST', '/events/:event/invite-previous', {
    anonymous: 401,
    participant: 403,
    owner: 403,
    organiser: [400, SERIES_MESSAGES.noPreviousMarket],
    otherOrganiser: 403,
    admin: [400, SERIES_MESSAGES.noPreviousMarket],
  }),
  ...rows('POST', '/events/:unknown/invite-previous', signedIn(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows('GET', '/geocode?q=Leipzig&limit=5', everyone(200)),
  ...rows('GET', '/geocode/reverse?lat=51.3397&lng=12.3731', everyone(200)),

  // ---- stands service: items on the tables (issue 35); guests write with their manage token (hostile and item specs)
  ...rows('GET', '/stands/:approvedStand/items', everyone(200), { check: (body) => expect(Array.isArray(body)).toBe(true) }),
  ...rows('GET', '/stands/:unknown/items', everyone([404, API_ERRORS.standNotFound])),
  ...rows(
    'POST',
    '/stands/:approvedStand/items',
    { anonymous: 401, participant: 403, owner: 201, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      body: ITEM,
      forbidden: ITEM_MESSAGES.editForbidden,
      check: (body, _role, i) => expect(body).toMatchObject({ standId: i.approvedStand, title: ITEM.title, status: 'available' }),
    },
  ),
  ...rows('POST', '/stands/:unknown/items', signedIn([404, API_ERRORS.standNotFound]), { body: ITEM }),
  ...rows(
    'PUT',
    '/items/:item',
    { anonymous: 401, participant: 403, owner: 200, organiser: 200, otherOrganiser: 403, admin: 200 },
    { setup: fresh.item, body: { ...ITEM, sold: true }, forbidden: ITEM_MESSAGES.editForbidden, check: (body) => expect(body.status).toBe('sold') },
  ),
  ...rows('PUT', '/items/:unknown', signedIn([404, ITEM_MESSAGES.itemNotFound]), { body: ITEM }),
  ...rows(
    'DELETE',
    '/items/:item',
    { anonymous: 401, participant: 403, owner: 204, organiser: 204, otherOrganiser: 403, admin: 204 },
    { setup: fresh.item, forbidden: ITEM_MESSAGES.editForbidden },
  ),
  ...rows('DELETE', '/items/:unknown', signedIn([404, ITEM_MESSAGES.itemNotFound])),
  ...rows('GET', '/items/search?q=Bücher&lat=51.3397&lng=12.3731&radiusKm=20', everyone(200), { check: (body) => expect(Array.isArray(body)).toBe(true) }),
  ...rows('GET', '/items/search?q=B&lat=51.3397&lng=12.3731', everyone([400, ITEM_MESSAGES.queryTooShort])),
  // Free holds (issue 35): asked for signed in; decided by the seller (accept, decline) and ended also by the holder
  // (the participant rows act as the holder) or an admin; the hold is read by its holder and its seller only.
  ...rows(
    'POST',
    '/items/:item/holds',
    { anonymous: 401, participant: 201, owner: [400, HOLD_MESSAGES.ownItem], organiser: 201, otherOrganiser: 201, admin: 201 },
    { setup: fresh.holdableItem, check: (body, _role, i) => expect(body).toMatchObject({ itemId: i.item, status: 'requested' }) },
  ),
  ...rows('POST', '/items/:unknown/holds', signedIn([404, ITEM_MESSAGES.itemNotFound])),
  ...rows(
    'GET',
    '/holds/:hold',
    { anonymous: 404, participant: 200, owner: 200, organiser: 404, otherOrganiser: 404, admin: 404 },
    { setup: fresh.hold, notFound: HOLD_MESSAGES.holdNotFound, check: (body, role) => expect('holderName' in body).toBe(role === 'owner') },
  ),
  ...rows('GET', '/holds/:unknown', everyone([404, HOLD_MESSAGES.holdNotFound])),
  ...rows(
    'PATCH',
    '/holds/:hold',
    { anonymous: 404, participant: 403, owner: 200, organiser: 404, otherOrganiser: 404, admin: 403 },
    {
      variant: 'accept',
      notFound: HOLD_MESSAGES.holdNotFound,
      setup: fresh.hold,
      body: { decision: 'accept' },
      forbidden: HOLD_MESSAGES.decisionForbidden,
      check: (body) => expect(body.pickupCode).toMatch(/^[A-Z2-9]{6}$/),
    },
  ),
  ...rows(
    'PATCH',
    '/holds/:hold',
    { anonymous: 404, participant: 200, owner: 200, organiser: 404, otherOrganiser: 404, admin: 200 },
    {
      variant: 'end',
      notFound: HOLD_MESSAGES.holdNotFound,
      setup: fresh.hold,
      body: { decision: 'end' },
      forbidden: HOLD_MESSAGES.decisionForbidden,
      check: (body) => expect(body.status).toBe('ended'),
    },
  ),
  ...rows('PATCH', '/holds/:unknown', everyone([404, HOLD_MESSAGES.holdNotFound]), { body: { decision: 'end' } }),
  ...rows('GET', '/me/holds', signedIn(200), { check: (body) => expect(Array.isArray(body)).toBe(true) }),
  ...rows(
    'GET',
    '/stands/:approvedStand/holds',
    { anonymous: 401, participant: 403, owner: 200, organiser: 403, otherOrganiser: 403, admin: 403 },
    { forbidden: HOLD_MESSAGES.decisionForbidden, check: (body) => expect(Array.isArray(body)).toBe(true) },
  ),
  ...rows('GET', '/stands/:unknown/holds', signedIn([404, API_ERRORS.standNotFound])),

  // ---- stands service: lists
  ...rows('GET', '/events/:event/stands', everyone(200), {
    check: (body, role, i) => {
      expect(listed(body, i.approvedStand)).toBe(true);
      expect(listed(body, i.guestPending), 'pending stands only for organiser and admins').toBe(managers.includes(role));
    },
  }),
  ...rows('GET', '/events/:unknown/stands', everyone(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'GET',
    '/events/:event/draft-stands',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      check: (body, _role, i) => {
        expect(listed(body, i.guestPending)).toBe(true);
        expect(listed(body, i.approvedStand)).toBe(false);
      },
    },
  ),
  ...rows('GET', '/events/:unknown/draft-stands', signedIn(404), { notFound: API_ERRORS.eventNotFound }),
  // Stand numbers in one click: the organiser's or an admin's (issue 18); a body error only after the 403.
  ...rows(
    'POST',
    '/events/:fresh/stand-numbers',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      setup: fresh.event,
      body: { order: 'street' },
    },
  ),
  ...rows(
    'POST',
    '/events/:event/stand-numbers',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, STAND_NUMBER_MESSAGES.invalidOrder],
      otherOrganiser: 403,
      admin: [400, STAND_NUMBER_MESSAGES.invalidOrder],
    },
    {
      variant: 'invalid body',
      body: { order: 'alphabetisch' },
    },
  ),
  ...rows('POST', '/events/:unknown/stand-numbers', signedIn(404), { notFound: API_ERRORS.eventNotFound, body: { order: 'walk' } }),
  ...rows('GET', '/stands?exhibitorId=:exhibitor', everyone(200), {
    check: (body, _role, i) => {
      expect(listed(body, i.approvedStand)).toBe(true);
      expect(listed(body, i.pendingStand)).toBe(false);
    },
  }),
  ...rows('GET', '/stands?exhibitorId=:unknown', everyone(404), { notFound: API_ERRORS.userNotFound }),
  ...rows('GET', '/stands/user/:exhibitor', everyone(200), {
    check: (body, role, i) => {
      expect(listed(body, i.approvedStand)).toBe(true);
      expect(listed(body, i.pendingStand), 'every status only for the user and admins').toBe(role === 'owner' || role === 'admin');
    },
  }),
  ...rows('GET', '/stands/user/:unknown', everyone(404), { notFound: API_ERRORS.userNotFound }),
  ...rows('GET', '/users/:exhibitor/stands', everyone(200), {
    check: (body, role, i) => {
      expect(listed(body, i.approvedStand)).toBe(true);
      expect(listed(body, i.pendingStand), 'every status only for the user and admins').toBe(role === 'owner' || role === 'admin');
    },
  }),
  ...rows('GET', '/users/:unknown/stands', everyone(404), { notFound: API_ERRORS.userNotFound }),

  // ---- stands service: registering
  ...rows('POST', '/events/:event/guest-stands', everyone(201), {
    body: (i: Ids) => ({ ...guestBody, exhibitorId: i.exhibitor, status: 'approved', isApproved: true, isDraft: false }),
    check: (body) => expect(body).toMatchObject({ exhibitorId: null, status: 'pending' }),
  }),
  ...rows('POST', '/events/:unknown/guest-stands', everyone(404), { body: guestBody, notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'POST',
    '/events/:closedEvent/guest-stands',
    { anonymous: 403, participant: 403, owner: 403, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      variant: 'registration off',
      body: guestBody,
      forbidden: API_ERRORS.registrationUnavailable,
    },
  ),
  ...rows(
    'POST',
    '/events/:closedEvent/guest-stands',
    {
      anonymous: 403,
      participant: 403,
      owner: 403,
      organiser: [400, VALIDATION.guestFirstNameRequired],
      otherOrganiser: 403,
      admin: [400, VALIDATION.guestFirstNameRequired],
    },
    {
      variant: 'registration off, invalid body',
      body: { ...guestBody, guestFirstName: '' },
      forbidden: API_ERRORS.registrationUnavailable,
    },
  ),
  // Each caller registers once at an event where nobody has a stand yet.
  ...rows('POST', '/stands', signedIn(201), {
    body: (i: Ids) => ({ ...registerBody(i.openEvent), exhibitorId: i.exhibitor, status: 'approved', isApproved: true, isDraft: false }),
    check: (body, _role, _i, actorId) => expect(body).toMatchObject({ exhibitorId: actorId, status: 'pending' }),
  }),
  ...rows(
    'POST',
    '/stands',
    { anonymous: 401, participant: 403, owner: 403, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      variant: 'registration off',
      body: (i: Ids) => registerBody(i.closedEvent),
      forbidden: API_ERRORS.registrationUnavailable,
    },
  ),
  ...rows(
    'POST',
    '/stands',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, VALIDATION.standDescriptionMinLength],
      otherOrganiser: 403,
      admin: [400, VALIDATION.standDescriptionMinLength],
    },
    {
      variant: 'registration off, invalid body',
      body: (i: Ids) => ({ ...registerBody(i.closedEvent), description: 'kurz' }),
      forbidden: API_ERRORS.registrationUnavailable,
    },
  ),
  ...rows('POST', '/stands', signedIn(404), { variant: 'unknown event', body: registerBody(UNKNOWN), notFound: API_ERRORS.eventNotFound }),
  ...rows('POST', '/stands', signedIn([409, API_ERRORS.standAlreadyRegistered]), {
    variant: 'second stand at an event',
    body: (i: Ids) => registerBody(i.fullEvent),
    // The caller's first stand there is made here, so that the row stands alone.
    setup: async (role) => {
      const eventId = await newEvent();
      if (role !== 'anonymous') await must(sessions[role], 'POST', '/api/stands', registerBody(eventId));
      return { ids: { fullEvent: eventId } };
    },
  }),

  // ---- stands service: one stand
  ...rows('GET', '/stands/:approvedStand', everyone(200)),
  // The holder's calendar file holds the whole address: whoever may edit the stand (issue 33).
  ...rows(
    'GET',
    '/stands/:approvedStand/calendar.ics',
    { anonymous: 401, participant: 403, owner: 200, organiser: 200, otherOrganiser: 403, admin: 200 },
    { check: (body) => expect((body as { contentType: string }).contentType).toMatch(/^text\/calendar/) },
  ),
  ...rows(
    'GET',
    '/stands/:pendingStand/calendar.ics',
    { anonymous: 401, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    { notFound: API_ERRORS.standNotFound },
  ),
  ...rows('GET', '/stands/:unknown/calendar.ics', signedIn(404), { notFound: API_ERRORS.standNotFound }),
  ...rows(
    'GET',
    '/stands/:pendingStand',
    { anonymous: 404, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    { notFound: API_ERRORS.standNotFound },
  ),
  ...rows(
    'GET',
    '/stands/:rejectedStand',
    { anonymous: 404, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    { notFound: API_ERRORS.standNotFound },
  ),
  ...rows(
    'GET',
    '/stands/:guestPending',
    { anonymous: 404, participant: 404, owner: 404, organiser: 200, otherOrganiser: 404, admin: 200 },
    { notFound: API_ERRORS.standNotFound },
  ),
  ...rows('GET', '/stands/:guestApproved', everyone(200)),
  ...rows('GET', '/stands/:unknown', everyone(404), { notFound: API_ERRORS.standNotFound }),
  ...rows('GET', '/stands/123', everyone(404), { notFound: API_ERRORS.standNotFound }),

  ...rows(
    'PUT',
    '/stands/:approvedStand',
    { anonymous: 401, participant: 403, owner: 200, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      body: (i: Ids) => ({ ...STAND, eventId: i.otherEvent, exhibitorId: i.participant }),
      check: (body, _role, i) => expect(body).toMatchObject({ eventId: i.event, exhibitorId: i.exhibitor, status: 'approved' }),
    },
  ),
  ...rows(
    'PUT',
    '/stands/:approvedStand',
    {
      anonymous: 401,
      participant: 403,
      owner: [400, VALIDATION.standDescriptionRequired],
      organiser: [400, VALIDATION.standDescriptionRequired],
      otherOrganiser: 403,
      admin: [400, VALIDATION.standDescriptionRequired],
    },
    {
      variant: 'invalid body',
      body: { ...STAND, description: '' },
    },
  ),
  // An edit never changes the state: no approving one's own stand through the edit form.
  ...rows(
    'PUT',
    '/stands/:pendingStand',
    { anonymous: 401, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      body: { ...STAND, status: 'approved', isApproved: true, isDraft: false },
      notFound: API_ERRORS.standNotFound,
      check: (body, _role, i) => expect(body).toMatchObject({ status: 'pending', exhibitorId: i.exhibitor }),
    },
  ),
  ...rows(
    'PUT',
    '/stands/:rejectedStand',
    { anonymous: 401, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      body: { ...STAND, status: 'pending', isApproved: false, isDraft: true },
      notFound: API_ERRORS.standNotFound,
      check: (body) => expect(body.status).toBe('rejected'),
    },
  ),
  ...rows(
    'PUT',
    '/stands/:guestApproved',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      // Nobody can claim a guest stand by naming an exhibitor.
      body: (i: Ids) => ({ ...STAND, exhibitorId: i.exhibitor }),
      forbidden: SCREENS.guestStandOrganizerOnly,
      check: (body) => expect(body).toMatchObject({ exhibitorId: null, guestFirstName: 'Gerda' }),
    },
  ),
  ...rows(
    'PUT',
    '/stands/:guestApproved',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, VALIDATION.standDescriptionRequired],
      otherOrganiser: 403,
      admin: [400, VALIDATION.standDescriptionRequired],
    },
    {
      variant: 'invalid body',
      body: {},
      forbidden: SCREENS.guestStandOrganizerOnly,
    },
  ),
  ...rows(
    'PUT',
    '/stands/:guestPending',
    { anonymous: 401, participant: 404, owner: 404, organiser: 200, otherOrganiser: 404, admin: 200 },
    { body: STAND, notFound: API_ERRORS.standNotFound },
  ),
  ...rows('PUT', '/stands/:unknown', signedIn(404), { body: {}, notFound: API_ERRORS.standNotFound }),

  ...rows(
    'DELETE',
    '/stands/:fresh',
    { anonymous: 401, participant: 403, owner: 204, organiser: 204, otherOrganiser: 403, admin: 204 },
    { variant: 'approved', setup: fresh.stand('approved') },
  ),
  ...rows(
    'DELETE',
    '/stands/:fresh',
    { anonymous: 401, participant: 404, owner: 204, organiser: 204, otherOrganiser: 404, admin: 204 },
    {
      variant: 'pending',
      setup: fresh.stand('pending'),
      notFound: API_ERRORS.standNotFound,
    },
  ),
  ...rows(
    'DELETE',
    '/stands/:fresh',
    { anonymous: 401, participant: 403, owner: 403, organiser: 204, otherOrganiser: 403, admin: 204 },
    {
      variant: 'approved guest stand',
      setup: fresh.guest('approved'),
      forbidden: SCREENS.guestStandOrganizerOnly,
    },
  ),
  ...rows(
    'DELETE',
    '/stands/:fresh',
    { anonymous: 401, participant: 404, owner: 404, organiser: 204, otherOrganiser: 404, admin: 204 },
    {
      variant: 'pending guest stand',
      setup: fresh.guest('pending'),
      notFound: API_ERRORS.standNotFound,
    },
  ),
  ...rows('DELETE', '/stands/:unknown', signedIn(404), { notFound: API_ERRORS.standNotFound }),

  ...rows(
    'PATCH',
    '/stands/:fresh/approve-draft',
    { anonymous: 401, participant: 404, owner: 403, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      variant: 'pending',
      setup: fresh.stand('pending'),
      notFound: API_ERRORS.standNotFound,
      check: (body) => expect(body.status).toBe('approved'),
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:fresh/approve-draft',
    { anonymous: 401, participant: 404, owner: 404, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      variant: 'pending guest stand',
      setup: fresh.guest('pending'),
      notFound: API_ERRORS.standNotFound,
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:approvedStand/approve-draft',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    { variant: 'already approved' },
  ),
  ...rows('PATCH', '/stands/:unknown/approve-draft', signedIn(404), { notFound: API_ERRORS.standNotFound }),

  ...rows(
    'PATCH',
    '/stands/:fresh/reject',
    { anonymous: 401, participant: 404, owner: 403, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      variant: 'pending',
      setup: fresh.stand('pending'),
      notFound: API_ERRORS.standNotFound,
      check: (body) => expect(body.status).toBe('rejected'),
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:fresh/reject',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    { variant: 'approved', setup: fresh.stand('approved') },
  ),
  ...rows(
    'PATCH',
    '/stands/:fresh/reject',
    { anonymous: 401, participant: 404, owner: 404, organiser: 200, otherOrganiser: 404, admin: 200 },
    {
      variant: 'pending guest stand',
      setup: fresh.guest('pending'),
      notFound: API_ERRORS.standNotFound,
      // Kept as rejected: the guest reads it through the manage link.
      check: (body) => expect(body).toMatchObject({ status: 'rejected', exhibitorId: null }),
    },
  ),
  ...rows('PATCH', '/stands/:unknown/reject', signedIn(404), { notFound: API_ERRORS.standNotFound }),

  // ---- stands service: the organiser's cockpit (issue 18) at the running main event
  ...rows(
    'PATCH',
    '/events/:event/stands/review',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      setup: fresh.guest('pending'),
      body: (i: Ids) => ({ approve: [i.fresh] }),
      forbidden: API_ERRORS.standManagementForbidden,
      check: (body, _role, i) => expect(body).toEqual([expect.objectContaining({ id: i.fresh, status: 'approved' })]),
    },
  ),
  ...rows('PATCH', '/events/:unknown/stands/review', signedIn(404), { body: { approve: [UNKNOWN] }, notFound: API_ERRORS.eventNotFound }),
  ...rows(
    'POST',
    '/events/:event/walk-up-stands',
    { anonymous: 401, participant: 403, owner: 403, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      body: { description: 'Spontan mit Kuchen und Kaffee', categories: ['Verschiedenes'] },
      forbidden: MARKET_DAY_MESSAGES.walkUpForbidden,
      check: (body) => expect(body).toMatchObject({ status: 'approved', exhibitorId: null }),
    },
  ),
  ...rows(
    'GET',
    '/events/:event/stand-overview',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      forbidden: API_ERRORS.standManagementForbidden,
      check: (body) => expect(body).toMatchObject({ approved: expect.any(Number), pending: expect.any(Number) }),
    },
  ),

  // ---- the market day (issue 36): the team with the market (events), the reconfirmation and the check-in with the stands.
  // Team members' own rights: market-day.e2e-spec.ts (the roles here are on no team but the participant's fresh ones).
  ...rows(
    'POST',
    '/events/:fresh/team-invites',
    { anonymous: 401, participant: 403, owner: 403, organiser: 201, otherOrganiser: 403, admin: 201 },
    {
      setup: fresh.event,
      body: INVITE,
      forbidden: MARKET_DAY_MESSAGES.teamForbidden,
      check: (body) => {
        expect(body).toMatchObject({ role: 'helper', code: expect.stringMatching(/^[A-HJKMNP-Z2-9]{8}$/) });
        expect(body.url).toMatch(new RegExp(`/team/${body.code}$`));
      },
    },
  ),
  ...rows(
    'POST',
    '/events/:editEvent/team-invites',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, MARKET_DAY_MESSAGES.invalidRole],
      otherOrganiser: 403,
      admin: [400, MARKET_DAY_MESSAGES.invalidRole],
    },
    { variant: 'invalid body', body: { role: 'chef', expiresAt: at(24) }, forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  ...rows(
    'POST',
    '/events/:editEvent/team-invites',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, MARKET_DAY_MESSAGES.invalidExpiry],
      otherOrganiser: 403,
      admin: [400, MARKET_DAY_MESSAGES.invalidExpiry],
    },
    { variant: 'expiry in the past', body: { role: 'helper', expiresAt: at(-1) }, forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  ...rows('POST', '/events/:unknown/team-invites', signedIn([404, API_ERRORS.eventNotFound]), { body: INVITE }),
  ...rows(
    'DELETE',
    '/events/:fresh/team-invites/:code',
    { anonymous: 401, participant: 403, owner: 403, organiser: 204, otherOrganiser: 403, admin: 204 },
    { setup: fresh.teamInvite, forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  // Whether a code exists is told only to who may manage the team.
  ...rows(
    'DELETE',
    '/events/:editEvent/team-invites/:unknownCode',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [404, MARKET_DAY_MESSAGES.inviteNotFound],
      otherOrganiser: 403,
      admin: [404, MARKET_DAY_MESSAGES.inviteNotFound],
    },
    { variant: 'unknown code', forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  ...rows('DELETE', '/events/:unknown/team-invites/:unknownCode', signedIn([404, API_ERRORS.eventNotFound])),
  // The preview needs no sign-in: the code is the key, the same answer for everyone.
  ...rows('GET', '/team-invites/:code', everyone(200), {
    setup: fresh.teamInvite,
    check: (body, _role, i) => expect(body).toMatchObject({ code: i.code, role: 'helper', event: { id: i.fresh, name: 'Markt mit Team' } }),
  }),
  ...rows('GET', '/team-invites/:unknownCode', everyone([404, MARKET_DAY_MESSAGES.inviteNotFound])),
  // Revoked: gone for everyone but the market's organiser, whom it could give nothing (their old link still shows the market).
  ...rows(
    'GET',
    '/team-invites/:code',
    { ...everyone([410, MARKET_DAY_MESSAGES.inviteRevoked]), organiser: 200 },
    { variant: 'revoked', setup: fresh.revokedInvite, check: (body, _role, i) => expect(body).toMatchObject({ code: i.code, event: { id: i.fresh } }) },
  ),
  ...rows(
    'POST',
    '/team-invites/:code/accept',
    { anonymous: 401, participant: 200, owner: 200, organiser: [400, MARKET_DAY_MESSAGES.inviteOwnMarket], otherOrganiser: 200, admin: 200 },
    { setup: fresh.teamInvite, check: (body, _role, i) => expect(body).toEqual({ eventId: i.fresh, role: 'helper' }) },
  ),
  ...rows('POST', '/team-invites/:unknownCode/accept', signedIn([404, MARKET_DAY_MESSAGES.inviteNotFound])),
  ...rows('POST', '/team-invites/:code/accept', signedIn([410, MARKET_DAY_MESSAGES.inviteRevoked]), { variant: 'revoked', setup: fresh.revokedInvite }),
  ...rows(
    'GET',
    '/events/:event/team',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      forbidden: MARKET_DAY_MESSAGES.teamForbidden,
      check: (body, _role, i) => expect(body).toEqual({ eventId: i.event, members: expect.any(Array), invites: expect.any(Array) }),
    },
  ),
  ...rows('GET', '/events/:unknown/team', signedIn([404, API_ERRORS.eventNotFound])),
  // The participant is the member here: leaving by themselves is theirs, removing them the organiser's and admins'.
  ...rows(
    'DELETE',
    '/events/:fresh/team/:member',
    { anonymous: 401, participant: 204, owner: 403, organiser: 204, otherOrganiser: 403, admin: 204 },
    { setup: fresh.participantInTeam, forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  ...rows(
    'DELETE',
    '/events/:editEvent/team/:unknown',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [404, MARKET_DAY_MESSAGES.memberNotFound],
      otherOrganiser: 403,
      admin: [404, MARKET_DAY_MESSAGES.memberNotFound],
    },
    { variant: 'not a member', forbidden: MARKET_DAY_MESSAGES.teamForbidden },
  ),
  ...rows('DELETE', '/events/:unknown/team/:participant', signedIn([404, API_ERRORS.eventNotFound])),
  // A "Bist du dabei?" link: the token is the only key (valid ones, from the mails: market-day.e2e-spec.ts).
  ...rows('GET', '/confirmations/:unknownToken', everyone([404, MARKET_DAY_MESSAGES.confirmationNotFound])),
  ...rows('POST', '/confirmations/:unknownToken', everyone([404, MARKET_DAY_MESSAGES.confirmationNotFound]), { body: { answer: 'yes' } }),
  ...rows('POST', '/confirmations/:unknownToken', everyone([404, MARKET_DAY_MESSAGES.confirmationNotFound]), {
    variant: 'invalid body',
    body: { answer: 'vielleicht' },
  }),
  ...rows(
    'POST',
    '/events/:fresh/confirmations/remind',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    { setup: fresh.reconfirming, forbidden: API_ERRORS.standManagementForbidden, check: (body) => expect(body).toEqual({ reminded: 0 }) },
  ),
  ...rows(
    'POST',
    '/events/:fresh/confirmations/remind',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [409, MARKET_DAY_MESSAGES.remindedAlready],
      otherOrganiser: 403,
      admin: [409, MARKET_DAY_MESSAGES.remindedAlready],
    },
    { variant: 'reminded already', setup: fresh.remindedOnce, forbidden: API_ERRORS.standManagementForbidden },
  ),
  ...rows(
    'POST',
    '/events/:event/confirmations/remind',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [409, MARKET_DAY_MESSAGES.reconfirmationOff],
      otherOrganiser: 403,
      admin: [409, MARKET_DAY_MESSAGES.reconfirmationOff],
    },
    { variant: 'reconfirmation off', forbidden: API_ERRORS.standManagementForbidden },
  ),
  ...rows('POST', '/events/:unknown/confirmations/remind', signedIn([404, API_ERRORS.eventNotFound])),
  // The main event runs today: its stands are checked in. The owner sees their stand but is not on the market's team.
  ...rows(
    'PATCH',
    '/stands/:approvedStand/check-in',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      body: tickNow(),
      forbidden: MARKET_DAY_MESSAGES.marketDayForbidden,
      check: (body, _role, i) => expect(body).toMatchObject({ standId: i.approvedStand, state: 'present', at: expect.any(String) }),
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:approvedStand/check-in',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, MARKET_DAY_MESSAGES.invalidCheckInState],
      otherOrganiser: 403,
      admin: [400, MARKET_DAY_MESSAGES.invalidCheckInState],
    },
    { variant: 'invalid body', body: tickNow('da'), forbidden: MARKET_DAY_MESSAGES.marketDayForbidden },
  ),
  ...rows(
    'PATCH',
    '/stands/:approvedStand/check-in',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [400, MARKET_DAY_MESSAGES.invalidCheckInTime],
      otherOrganiser: 403,
      admin: [400, MARKET_DAY_MESSAGES.invalidCheckInTime],
    },
    { variant: 'a tick an hour ahead', body: { state: 'present', at: at(2) }, forbidden: MARKET_DAY_MESSAGES.marketDayForbidden },
  ),
  // Not approved: hidden from who may not see it (404), refused to the owner (403), a conflict for the market's people (409).
  ...rows(
    'PATCH',
    '/stands/:pendingStand/check-in',
    {
      anonymous: 401,
      participant: 404,
      owner: 403,
      organiser: [409, MARKET_DAY_MESSAGES.checkInNotApproved],
      otherOrganiser: 404,
      admin: [409, MARKET_DAY_MESSAGES.checkInNotApproved],
    },
    { variant: 'pending', body: tickNow(), notFound: API_ERRORS.standNotFound, forbidden: MARKET_DAY_MESSAGES.marketDayForbidden },
  ),
  // A market ten days ahead: its check-in opens 24 hours before the start.
  ...rows(
    'PATCH',
    '/stands/:fresh/check-in',
    {
      anonymous: 401,
      participant: 403,
      owner: 403,
      organiser: [403, MARKET_DAY_MESSAGES.checkInOutsideDay],
      otherOrganiser: 403,
      admin: [403, MARKET_DAY_MESSAGES.checkInOutsideDay],
    },
    { variant: 'outside the day', setup: fresh.stand('approved'), body: tickNow(), forbidden: MARKET_DAY_MESSAGES.marketDayForbidden },
  ),
  ...rows('PATCH', '/stands/:unknown/check-in', signedIn([404, API_ERRORS.standNotFound]), { body: tickNow() }),
  ...rows(
    'GET',
    '/events/:event/market-day',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      forbidden: MARKET_DAY_MESSAGES.marketDayForbidden,
      check: (body, _role, i) => {
        expect(body).toMatchObject({ eventId: i.event, role: 'organizer' });
        expect(listed(body.stands, i.approvedStand)).toBe(true);
        // Display names only, for the organiser too: no e-mail address anywhere in the answer.
        expect(JSON.stringify(body)).not.toContain('@');
      },
    },
  ),
  ...rows('GET', '/events/:unknown/market-day', signedIn([404, API_ERRORS.eventNotFound])),

  // ---- stands service: the printed kit and the exports (their content: print-kit.integration-spec.ts)
  ...['poster.pdf', 'stand-list.pdf', 'stand-map.pdf'].flatMap((file) => [
    ...rows('GET', `/events/:event/${file}`, everyone(200), { check: (body) => expect(body).toEqual({ contentType: 'application/pdf' }) }),
    ...rows('GET', `/events/:unknown/${file}`, everyone(404), { notFound: API_ERRORS.eventNotFound }),
  ]),
  ...rows(
    'GET',
    '/events/:event/stands.csv',
    { anonymous: 401, participant: 403, owner: 403, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      check: (body) => expect((body as { contentType: string }).contentType).toMatch(/^text\/csv/),
    },
  ),
  ...rows('GET', '/events/:event/stands.geojson', everyone(200), { check: (body) => expect(body).toMatchObject({ type: 'FeatureCollection' }) }),

  // ---- stands service: "Meine Runde" and the live status (issue 19; their content: visitor-day.e2e-spec.ts)
  ...rows('GET', '/events/:event/route?stands=:approvedStand,:guestApproved', everyone(200), {
    check: (body, _role, i) => expect([...body.order].sort()).toEqual([i.approvedStand, i.guestApproved].sort()),
  }),
  ...rows('GET', '/events/:event/route?stands=:guestPending', everyone([400, ROUTE_CALL_MESSAGES.unknownStand])),
  ...rows('GET', '/events/:unknown/route?stands=:approvedStand', everyone(404), { notFound: API_ERRORS.eventNotFound }),
  // The main event runs today: its day. A stand of an event ten days ahead is outside its day.
  ...rows(
    'PATCH',
    '/stands/:approvedStand/live',
    { anonymous: 401, participant: 403, owner: 200, organiser: 200, otherOrganiser: 403, admin: 200 },
    {
      body: { state: 'open' },
      check: (body) => expect(body).toMatchObject({ liveState: 'open' }),
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:approvedStand/live',
    {
      anonymous: 401,
      participant: 403,
      owner: [400, LIVE_MESSAGES.invalidState],
      organiser: [400, LIVE_MESSAGES.invalidState],
      otherOrganiser: 403,
      admin: [400, LIVE_MESSAGES.invalidState],
    },
    {
      variant: 'invalid body',
      body: { state: 'offen' },
    },
  ),
  ...rows(
    'PATCH',
    '/stands/:fresh/live',
    {
      anonymous: 401,
      participant: 403,
      owner: [403, LIVE_MESSAGES.outsideEventDay],
      organiser: [403, LIVE_MESSAGES.outsideEventDay],
      otherOrganiser: 403,
      admin: [403, LIVE_MESSAGES.outsideEventDay],
    },
    {
      variant: 'outside the event day',
      setup: fresh.stand('approved'),
      body: { state: 'open' },
    },
  ),
  ...rows('PATCH', '/stands/:unknown/live', signedIn(404), { body: { state: 'open' }, notFound: API_ERRORS.standNotFound }),

  // ---- events service: calendar and feeds (their content: the calendar specs)
  ...rows('GET', '/events/:event/calendar.ics', everyone(200), {
    check: (body) => expect((body as { contentType: string }).contentType).toMatch(/^text\/calendar/),
  }),
  ...rows('GET', '/events/:unknown/calendar.ics', everyone(404), { notFound: API_ERRORS.eventNotFound }),
  ...rows('GET', '/feeds/events.ics?lat=50.94&lng=6.96&radiusKm=10', everyone(200), {
    check: (body) => expect((body as { contentType: string }).contentType).toMatch(/^text\/calendar/),
  }),
  ...rows('GET', '/feeds/events.ics?lat=50.94&lng=6.96&radiusKm=500', everyone([400, VALIDATION.invalidRadius])),
  ...rows('GET', '/feeds/events.geojson?lat=50.94&lng=6.96&radiusKm=10', everyone(200), {
    check: (body) => expect(body).toMatchObject({ type: 'FeatureCollection' }),
  }),

  // ---- stands service: a guest's manage link (the token is the only key: same answer for everyone)
  ...rows('GET', '/guest-stands/:fresh', everyone(200), {
    setup: fresh.guestLink,
    check: (body) => expect(body).toMatchObject({ status: 'pending', guestFirstName: 'Gerda' }),
  }),
  ...rows('GET', '/guest-stands/:unknownToken', everyone(404), { notFound: API_ERRORS.guestStandNotFound }),
  ...rows('GET', '/guest-stands/:fresh/calendar.ics', everyone(200), {
    setup: fresh.guestLink,
    check: (body) => expect((body as { contentType: string }).contentType).toMatch(/^text\/calendar/),
  }),
  ...rows('GET', '/guest-stands/:unknownToken/calendar.ics', everyone(404), { notFound: API_ERRORS.guestStandNotFound }),
  ...rows('DELETE', '/guest-stands/:fresh', everyone(204), { setup: fresh.guestLink }),
  ...rows('DELETE', '/guest-stands/:unknownToken', everyone(404), { notFound: API_ERRORS.guestStandNotFound }),

  // ---- stands service: a mail's opt-out link (the token is the only key; valid ones: notifications.e2e-spec.ts)
  ...rows('GET', '/mail/unsubscribe/:unknownToken', everyone(404), { notFound: API_ERRORS.mailOptOutNotFound }),
  ...rows('GET', '/mail/confirm/:unknownToken', everyone(404), { notFound: API_ERRORS.mailConfirmationNotFound }),
  ...rows('POST', '/mail/unsubscribe/:unknownToken', everyone(404), { notFound: API_ERRORS.mailOptOutNotFound }),
  ...rows('DELETE', '/mail/unsubscribe/:unknownToken', everyone(404), { notFound: API_ERRORS.mailOptOutNotFound }),

  // ---- stands service: reviews (the main event has begun; each caller reviews once)
  ...rows('GET', '/stands/:approvedStand/reviews', everyone(200)),
  ...rows(
    'GET',
    '/stands/:pendingStand/reviews',
    { anonymous: 404, participant: 404, owner: 200, organiser: 200, otherOrganiser: 404, admin: 200 },
    { notFound: API_ERRORS.standNotFound },
  ),
  ...rows(
    'POST',
    '/stands/:approvedStand/reviews',
    { anonymous: 401, participant: 201, owner: [403, STAND_API_ERRORS.reviewOwnStand], organiser: 201, otherOrganiser: 201, admin: 201 },
    {
      body: (i: Ids) => ({ rating: 4, comment: 'Freundlich und gut sortiert.', reviewerId: i.exhibitor }),
      check: (body, _role, i, actorId) => expect(body).toMatchObject({ reviewerId: actorId, standId: i.approvedStand }),
    },
  ),
  ...rows(
    'POST',
    '/stands/:approvedStand/reviews',
    {
      anonymous: 401,
      participant: [400, VALIDATION.invalidRating],
      owner: [403, STAND_API_ERRORS.reviewOwnStand],
      organiser: [400, VALIDATION.invalidRating],
      otherOrganiser: [400, VALIDATION.invalidRating],
      admin: [400, VALIDATION.invalidRating],
    },
    {
      variant: 'invalid body',
      body: { rating: 9 },
    },
  ),
  ...rows(
    'POST',
    '/stands/:pendingStand/reviews',
    { anonymous: 401, participant: 404, owner: 403, organiser: 403, otherOrganiser: 404, admin: 403 },
    {
      body: { rating: 5 },
      notFound: API_ERRORS.standNotFound,
      forbidden: STAND_API_ERRORS.reviewNotApproved,
    },
  ),
  ...rows('POST', '/stands/:unknown/reviews', signedIn(404), { body: {}, notFound: API_ERRORS.standNotFound }),
  // Deleting a review (its writer or an admin): who may is in the stands service's reviews.integration-spec.ts; here the route's answers.
  ...rows('DELETE', '/stands/:approvedStand/reviews/:unknown', signedIn(404), { notFound: REVIEW_MESSAGES.reviewNotFound }),
  ...rows('DELETE', '/stands/:unknown/reviews/:unknown', signedIn(404), { notFound: API_ERRORS.standNotFound }),
  ...rows('GET', '/reviews?exhibitorId=:exhibitor', everyone(200), {
    check: (body) => {
      expect(Array.isArray(body)).toBe(true);
      for (const review of body as { reviewer: unknown }[]) expect(review).toHaveProperty('reviewer');
    },
  }),
  ...rows('GET', '/reviews?exhibitorId=not-an-id', everyone([400, VALIDATION.invalidId])),
  ...rows(
    'GET',
    '/admin/stand-stats',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 200 },
    {
      check: (body) => {
        const stats = body as { approved: number; pending: number; rejected: number };
        expect(stats.approved).toBeGreaterThan(0);
        expect(stats.pending).toBeGreaterThan(0);
        expect(stats.rejected).toBeGreaterThan(0);
      },
    },
  ),

  // ---- auth service: users and profiles
  ...rows('GET', '/users/:exhibitor', everyone(200), {
    check: (body, role) => expect('email' in body, 'the e-mail only for the user and admins').toBe(role === 'owner' || role === 'admin'),
  }),
  ...rows('GET', '/users/:unknown', everyone(404), { notFound: API_ERRORS.userNotFound }),
  ...rows(
    'PUT',
    '/users/:exhibitor',
    { anonymous: 401, participant: 403, owner: 200, organiser: 403, otherOrganiser: 403, admin: 403 },
    {
      // Nobody promotes themselves through their own record.
      body: { ...NAMES, role: 'admin', email: 'chef@example.org' },
      check: (body) => expect(body).toMatchObject({ ...NAMES, role: 'participant', email: 'erik.aussteller@example.org' }),
    },
  ),
  ...rows(
    'PUT',
    '/users/:exhibitor',
    { anonymous: 401, participant: 403, owner: [400, VALIDATION.firstNameRequired], organiser: 403, otherOrganiser: 403, admin: 403 },
    { variant: 'invalid body', body: {} },
  ),
  ...rows('PUT', '/users/:unknown', signedIn(404), { body: {}, notFound: API_ERRORS.userNotFound }),
  ...rows('PUT', '/users/kein-benutzer', signedIn(404), { body: NAMES, notFound: API_ERRORS.userNotFound }),
  ...rows('GET', '/exhibitor-profiles?userId=:exhibitor', everyone(200), {
    check: (body, _role, i) => expect(body.map((p: { id: string }) => p.id)).toEqual([i.profile]),
  }),
  // Every signed-in user may create their own profile; the exhibitor has one already.
  ...rows(
    'POST',
    '/exhibitor-profiles',
    { ...signedIn(201), owner: [409, API_ERRORS.profileExists] },
    {
      body: (i: Ids) => ({ ...PROFILE, userId: i.exhibitor }),
      check: (body, _role, _i, actorId) => expect(body.userId).toBe(actorId),
    },
  ),
  ...rows(
    'PUT',
    '/exhibitor-profiles/:profile',
    { anonymous: 401, participant: 403, owner: 200, organiser: 403, otherOrganiser: 403, admin: 403 },
    {
      body: (i: Ids) => ({ ...PROFILE, userId: i.participant }),
      check: (body, _role, i) => expect(body.userId).toBe(i.exhibitor),
    },
  ),
  ...rows(
    'PUT',
    '/exhibitor-profiles/:profile',
    { anonymous: 401, participant: 403, owner: [400, VALIDATION.invalidUrl], organiser: 403, otherOrganiser: 403, admin: 403 },
    {
      variant: 'invalid body',
      body: { vintedUrl: 'keine url' },
    },
  ),
  ...rows('PUT', '/exhibitor-profiles/:unknown', signedIn(404), { body: {}, notFound: API_ERRORS.profileNotFound }),
  ...rows('GET', '/exhibitors/:exhibitor', everyone(200)),
  ...rows('GET', '/exhibitors/:unknown', everyone(404), { notFound: API_ERRORS.userNotFound }),

  // ---- auth service: administration
  ...rows('GET', '/admin/events', { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 200 }),
  ...rows(
    'GET',
    '/admin/users',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 200 },
    {
      check: (body, _role, i) => expect(listed(body, i.exhibitor)).toBe(true),
    },
  ),
  // The caller comes from the session only: headers a client sends in the services' names change nothing.
  ...rows(
    'GET',
    '/admin/users',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403 },
    {
      variant: 'spoofed caller headers',
      headers: { 'x-user-id': '00000000-0000-4000-8000-0000000000ad', 'x-user-role': 'admin', 'x-internal-token': 'erraten' },
    },
  ),
  ...rows(
    'GET',
    '/stands/:guestPending',
    { anonymous: 404, participant: 404, owner: 404, otherOrganiser: 404 },
    {
      variant: 'spoofed caller headers',
      headers: { 'x-user-id': '00000000-0000-4000-8000-0000000000ad', 'x-user-role': 'admin' },
      notFound: API_ERRORS.standNotFound,
    },
  ),
  ...rows(
    'DELETE',
    '/admin/users/:fresh',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 204 },
    {
      variant: 'owner: the user themselves',
      setup: fresh.user,
    },
  ),
  ...rows('DELETE', '/admin/users/:unknown', signedIn(404), { notFound: API_ERRORS.userNotFound }),
  // The session's own account (no id in the path): each caller reads only their own export.
  ...rows(
    'GET',
    '/me/export',
    { anonymous: 401, participant: 200, owner: 200, organiser: 200, otherOrganiser: 200, admin: 200 },
    {
      check: (body, _role, _ids, actorId) => expect(body.account.id).toBe(actorId),
    },
  ),
  ...rows(
    'DELETE',
    '/me',
    { anonymous: 401, ...Object.fromEntries(ROLES.slice(1).map((role) => [role, [400, ACCOUNT_MESSAGES.confirmMismatch]])) },
    {
      variant: 'confirmation is not the own e-mail',
      body: { confirm: 'jemand.anderes@example.org' },
    },
  ),
  ...rows(
    'DELETE',
    '/me',
    { anonymous: 401, owner: 204 },
    {
      variant: 'owner: a new account deleting itself',
      setup: fresh.selfDeleting,
      body: (ids: Ids) => ({ confirm: ids.confirm }),
    },
  ),
  // The session's own Merkliste (issue 19): each caller changes only their own; PUT/DELETE are idempotent.
  ...rows('PUT', '/me/favourites/stands/:approvedStand', signedIn(204)),
  ...rows('GET', '/me/events', signedIn(200), { check: (body) => expect(Array.isArray(body)).toBe(true) }),
  ...rows('GET', '/me/favourites', signedIn(200), {
    check: (body) => expect(body).toEqual({ events: expect.any(Array), stands: expect.any(Array), reminders: expect.any(Array) }),
  }),
  ...rows('PUT', '/me/favourites/events/:event?remind=true', signedIn(204)),
  ...rows('PUT', '/me/favourites/stands/:approvedStand?remind=true', signedIn([400, FAVOURITE_MESSAGES.remindEventsOnly])),
  // The session's own follows and alerts (issue 34): nobody reads or changes another's.
  ...rows('GET', '/me/follows', signedIn(200), { check: (body) => expect(body).toEqual({ organizers: expect.any(Array), mailsOff: expect.any(Array) }) }),
  ...rows('PUT', '/me/follows/organizers/:organiser', { ...signedIn(204), organiser: [400, COME_BACK_MESSAGES.followSelf] }),
  ...rows('PUT', '/me/follows/organizers/:unknown', signedIn([404, COME_BACK_MESSAGES.organizerNotFound])),
  // A malformed id names nobody: 404, as an unknown one (the contract's order of checks).
  ...rows('PUT', '/me/follows/organizers/kein-benutzer', signedIn([404, COME_BACK_MESSAGES.organizerNotFound])),
  ...rows('DELETE', '/me/follows/organizers/kein-benutzer', signedIn([404, COME_BACK_MESSAGES.organizerNotFound])),
  ...rows('DELETE', '/me/follows/organizers/:organiser', signedIn(204)),
  // Switching a follow's or alert's mails back on: only one's own; one not followed, unknown or someone else's is a 404.
  ...rows('DELETE', '/me/follows/organizers/:organiser/mail-opt-out', signedIn([404, COME_BACK_MESSAGES.followNotFound])),
  ...rows('DELETE', '/me/follows/organizers/kein-benutzer/mail-opt-out', signedIn([404, COME_BACK_MESSAGES.followNotFound])),
  ...rows('DELETE', '/me/alerts/kein-alarm/mail-opt-out', signedIn([404, COME_BACK_MESSAGES.alertNotFound])),
  ...rows(
    'DELETE',
    '/me/alerts/:alert/mail-opt-out',
    { anonymous: 401, participant: 404, owner: 204, organiser: 404, otherOrganiser: 404, admin: 404 },
    {
      variant: "the owner's alert",
      notFound: COME_BACK_MESSAGES.alertNotFound,
      setup: async () => ({ ids: { alert: (await must(sessions.owner, 'POST', '/api/me/alerts', { lat: 50.94, lng: 6.96, radiusKm: 6 })).id as string } }),
    },
  ),
  ...rows('GET', '/me/alerts', signedIn(200), { check: (body) => expect(Array.isArray(body)).toBe(true) }),
  ...rows('POST', '/me/alerts', signedIn(201), {
    body: { lat: 50.94, lng: 6.96, radiusKm: 10, label: 'Köln' },
    check: (body) => expect(body).toMatchObject({ lat: 50.94, lng: 6.96, radiusKm: 10, label: 'Köln', categories: [] }),
  }),
  ...rows('POST', '/me/alerts', signedIn([400, COME_BACK_MESSAGES.alertRadiusTooLarge]), {
    variant: 'radius over 50 km',
    body: { lat: 50.94, lng: 6.96, radiusKm: 80 },
  }),
  ...rows('DELETE', '/me/alerts/:unknown', signedIn([404, COME_BACK_MESSAGES.alertNotFound])),
  ...rows('DELETE', '/me/alerts/kein-alarm', signedIn([404, COME_BACK_MESSAGES.alertNotFound])),
  ...rows(
    'DELETE',
    '/me/alerts/:alert',
    { anonymous: 401, participant: 404, owner: 204, organiser: 404, otherOrganiser: 404, admin: 404 },
    {
      variant: "the owner's alert",
      notFound: COME_BACK_MESSAGES.alertNotFound,
      setup: async () => ({ ids: { alert: (await must(sessions.owner, 'POST', '/api/me/alerts', { lat: 50.94, lng: 6.96, radiusKm: 5 })).id as string } }),
    },
  ),
  ...rows('PUT', '/me/favourites/events/kein-event', signedIn([400, VALIDATION.invalidId])),
  ...rows('DELETE', '/me/favourites/events/:unknown', signedIn(204)),
  ...rows(
    'PATCH',
    '/admin/users/:fresh/role',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: 200 },
    {
      variant: 'owner: the user themselves',
      body: { role: 'admin' },
      setup: fresh.user,
      check: (body) => expect(body.role).toBe('admin'),
    },
  ),
  ...rows(
    'PATCH',
    '/admin/users/:exhibitor/role',
    { anonymous: 401, participant: 403, owner: 403, organiser: 403, otherOrganiser: 403, admin: [400, VALIDATION.invalidRole] },
    {
      variant: 'invalid body',
      body: { role: 'king' },
    },
  ),
  ...rows('PATCH', '/admin/users/:unknown/role', signedIn(404), { body: { role: 'admin' }, notFound: API_ERRORS.userNotFound }),
];

function userIdOf(role: Role): string | null {
  return role === 'anonymous' ? null : ids[role === 'owner' ? 'exhibitor' : role];
}

/** `:name` placeholders → fixture ids. */
function fill(template: string, values: Ids): string {
  return template.replace(/:(\w+)/g, (_match, name: string) => {
    if (!values[name]) throw new Error(`no fixture for :${name} in ${template}`);
    return values[name];
  });
}

beforeAll(async () => {
  // The rows look up and accept more invite codes than one address may in ten minutes (its own limit is the gateway's spec).
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000', TEAM_INVITE_LIMIT: '1000' } });
  const [participant, owner, organiser, otherOrganiser, admin] = await Promise.all([
    person('Paula', 'Passant', 'paula.passant@example.org'),
    person(NAMES.firstName, NAMES.lastName, 'erik.aussteller@example.org'),
    person('Olga', 'Organisatorin', 'olga.organisatorin@example.org'),
    person('Otto', 'Anderswo', 'otto.anderswo@example.org'),
    person('Ada', 'Admin', ADMIN_EMAIL),
  ]);
  Object.assign(sessions, {
    participant: participant.session,
    owner: owner.session,
    organiser: organiser.session,
    otherOrganiser: otherOrganiser.session,
    admin: admin.session,
  });
  Object.assign(ids, { exhibitor: owner.id, participant: participant.id, organiser: organiser.id, otherOrganiser: otherOrganiser.id, admin: admin.id });

  // The main event has begun (reviews are open); the others lie ahead.
  ids.event = await newEvent({ name: 'Laufender Markt', startDateTime: at(-2), endDateTime: at(24 * 2) });
  ids.editEvent = await newEvent();
  ids.openEvent = await newEvent({ name: 'Offener Markt' });
  ids.closedEvent = await newEvent({ name: 'Geschlossener Markt', allowStandRegistration: false });
  ids.otherEvent = await newEvent({ name: 'Ottos Markt' }, 'otherOrganiser');
  await Promise.all([becomesOrganizer(organiser.session), becomesOrganizer(otherOrganiser.session)]);

  const approved = await must(owner.session, 'POST', '/api/stands', registerBody(ids.event));
  await must(organiser.session, 'PATCH', `/api/stands/${approved.id}/approve-draft`);
  ids.approvedStand = approved.id;
  ids.pendingStand = await registeredStand('pending');
  ids.rejectedStand = await registeredStand('rejected');
  ids.guestPending = await guestStand('pending');
  ids.guestApproved = await guestStand('approved');
  ids.profile = (await must(owner.session, 'POST', '/api/exhibitor-profiles', PROFILE)).id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('permissions through the gateway (docs/product.md#permissions)', () => {
  // Titles as plain strings: object rows would be shortened in the report.
  it.each(ROWS.map((row) => [row.title, row] as const))('%s', async (_title, row) => {
    const extra = row.setup ? await row.setup(row.role) : {};
    const values = { ...ids, ...extra.ids };
    const actor = extra.actor?.session ?? sessions[row.role];
    const actorId = extra.actor?.id ?? userIdOf(row.role);
    const body = typeof row.body === 'function' ? (row.body as (i: Ids) => unknown)(values) : row.body;
    const answer = await call(actor, row.method, `/api${fill(row.path, values)}`, body, row.headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(row.expect);
    if (row.expect >= 400) expect(answer.body).toEqual({ message: row.message });
    if (row.expect < 300) row.check?.(answer.body, row.role, values, actorId);
  });
});

describe('the table itself', () => {
  // The public calls as declared once (libs/contracts/src/public-api/): a new call a service answers
  // without rows for every role fails here.
  const routes = PUBLIC_CALLS.filter((call) => call.service !== 'gateway').map((call) => ({
    method: call.method,
    path: call.path,
    signIn: call.signIn === true,
    // The photo calls and the photo files are tested by the media service's tests.
    photo: call.errorField === true || call.path.startsWith('/media/'),
    pattern: new RegExp(`^${call.path.replace(/:\w+/g, '[^/]+')}/?$`),
  }));
  const routeOf = (row: Row) => routes.find((r) => r.method === row.method && r.pattern.test(row.path.split('?')[0]));

  it('has rows for every public call of the route table (photo calls aside) and every role', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((route) => !route.photo)
      .flatMap((route) =>
        ROLES.filter((role) => !ROWS.some((row) => row.role === role && routeOf(row) === route)).map((role) => `${route.method} ${route.path} ${role}`),
      );
    expect(missing).toEqual([]);
  });

  it('expects 401 for anonymous callers on every sign-in route, and every row aims at a route', () => {
    for (const row of ROWS.filter((r) => r.path !== '/auth/user')) expect(routeOf(row), row.title).toBeDefined();
    const wrong = ROWS.filter((row) => row.role === 'anonymous' && routeOf(row)?.signIn && row.expect !== 401).map((row) => row.title);
    expect(wrong).toEqual([]);
  });
});
