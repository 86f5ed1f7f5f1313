import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, LIMITS, SCREENS, STAND_API_ERRORS, VALIDATION, standTooFar } from '@flohmarkt/contracts';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { cathedralMarket } from './support/cathedral-market.js';
import { startTestStack, type TestStack } from './support/stack.js';

// Stands through the gateway (docs/product.md#stands): guest and registered registrations, the
// organiser's review, visibility by status, the validation messages, the 15 km rule, reviews.

let stack: TestStack;
const ADMIN_EMAIL = 'admin.stands@flohmarkt.example';

/** A signed-in browser, or null for an anonymous caller. */
type Who = HttpSession | null;

function call(who: Who, method: string, path: string, body?: unknown): Promise<Answer> {
  return apiCall(stack.publicUrl, who, method, path, body);
}

function signedIn(email: string, firstName: string, lastName: string): Promise<HttpSession & { id: string }> {
  return signedInSession(stack.publicUrl, email, firstName, lastName);
}

// Near and far from Cologne cathedral, the markets' centre (support/cathedral-market.ts). 0.2° of latitude north is ≈ 22.2 km.
const NEAR = { latitude: '50.9450', longitude: '6.9600' };
const FAR = { latitude: 51.1413, longitude: 6.9583 };
const DAY = 24 * 3600 * 1000;

let organizer: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let anna: HttpSession & { id: string };
let bert: HttpSession & { id: string };
let stranger: HttpSession & { id: string };
const events: Record<'future' | 'started' | 'closed' | 'noCoords', string> = { future: '', started: '', closed: '', noCoords: '' };

const createEvent = (name: string, extra: Record<string, unknown>): Promise<string> => cathedralMarket(stack.publicUrl, organizer, name, extra);

const guestForm = (extra: Record<string, unknown> = {}) => ({
  guestFirstName: 'Gerda',
  guestLastName: 'Gast',
  standNumber: 'A1',
  description: 'Bücher und alte Schallplatten',
  categories: ['Bücher', 'Schallplatten'],
  foodCategories: ['Waffeln'],
  activityCategories: [],
  acceptsPayPal: true,
  latitude: null,
  longitude: null,
  ...extra,
});

const registerForm = (eventId: string, extra: Record<string, unknown> = {}) => ({
  eventId,
  description: 'Kinderkleidung und Spielzeug',
  categories: ['Kinderkleidung', 'Spielzeug'],
  standNumber: '12',
  ...NEAR,
  ...extra,
});

const editForm = (extra: Record<string, unknown> = {}) => ({
  description: 'Kinderkleidung, Spielzeug und Bücher',
  categories: ['Kinderkleidung'],
  standNumber: '13',
  foodCategories: [],
  activityCategories: ['Basteln'],
  acceptsPayPal: true,
  ...NEAR,
  ...extra,
});

const ids = (list: { id: string }[]) => list.map((s) => s.id);

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' } });
  [organizer, admin, anna, bert, stranger] = await Promise.all([
    signedIn('orga@example.org', 'Olga', 'Organisatorin'),
    signedIn(ADMIN_EMAIL, 'Adam', 'Admin'),
    signedIn('anna@example.org', 'Anna', 'Ausstellerin'),
    signedIn('bert@example.org', 'Bert', 'Berger'),
    signedIn('fremd@example.org', 'Frieda', 'Fremd'),
  ]);
  events.future = await createEvent('Zukunftsmarkt', {});
  events.started = await createEvent('Laufender Markt', {
    startDateTime: new Date(Date.now() - DAY).toISOString(),
    endDateTime: new Date(Date.now() + DAY).toISOString(),
  });
  events.closed = await createEvent('Geschlossener Markt', { allowStandRegistration: false });
  events.noCoords = await createEvent('Markt ohne Karte', { latitude: null, longitude: null });
});

afterAll(async () => {
  await stack?.stop();
});

describe('guest registration and the organiser review', () => {
  it('takes a guest stand as a pending draft that only the organiser and admins see, until approved', async () => {
    const created = await call(null, 'POST', `/api/events/${events.future}/guest-stands`, {
      ...guestForm(),
      eventId: events.future,
      exhibitorId: anna.id,
      photos: ['/api/media/stands/x/y.jpg'],
    });
    expect(created.status).toBe(201);
    const guest = created.body;
    expect(guest).toMatchObject({
      eventId: events.future,
      exhibitorId: null,
      exhibitor: null,
      guestFirstName: 'Gerda',
      guestLastName: 'Gast',
      standNumber: 'A1',
      photos: [],
      foodCategories: ['Waffeln'],
      acceptsPayPal: true,
      status: 'pending',
      isDraft: true,
      isApproved: false,
      latitude: null,
    });

    const drafts = await call(organizer, 'GET', `/api/events/${events.future}/draft-stands`);
    expect(drafts.status).toBe(200);
    expect(ids(drafts.body)).toContain(guest.id);
    expect(ids((await call(admin, 'GET', `/api/events/${events.future}/draft-stands`)).body)).toContain(guest.id);
    expect(ids((await call(null, 'GET', `/api/events/${events.future}/stands`)).body)).not.toContain(guest.id);
    expect(ids((await call(stranger, 'GET', `/api/events/${events.future}/stands`)).body)).not.toContain(guest.id);
    // The organiser's event page shows pending stands too ('{y} ausstehend').
    expect(ids((await call(organizer, 'GET', `/api/events/${events.future}/stands`)).body)).toContain(guest.id);

    expect((await call(null, 'GET', `/api/stands/${guest.id}`)).status).toBe(404);
    expect(await call(stranger, 'GET', `/api/stands/${guest.id}`)).toEqual({ status: 404, body: { message: API_ERRORS.standNotFound } });
    expect((await call(organizer, 'GET', `/api/stands/${guest.id}`)).body.id).toBe(guest.id);

    const approved = await call(organizer, 'PATCH', `/api/stands/${guest.id}/approve-draft`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: guest.id, status: 'approved', isApproved: true, isDraft: false });
    expect(ids((await call(null, 'GET', `/api/events/${events.future}/stands`)).body)).toContain(guest.id);
    expect(ids((await call(organizer, 'GET', `/api/events/${events.future}/draft-stands`)).body)).not.toContain(guest.id);
    expect((await call(null, 'GET', `/api/stands/${guest.id}`)).body.status).toBe('approved');
  });

  it('keeps the draft list to organiser and admins', async () => {
    expect(await call(null, 'GET', `/api/events/${events.future}/draft-stands`)).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
    expect(await call(stranger, 'GET', `/api/events/${events.future}/draft-stands`)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await call(anna, 'PATCH', `/api/stands/${(await guestStand()).id}/approve-draft`)).toEqual({
      status: 404,
      body: { message: API_ERRORS.standNotFound },
    });
  });

  it('lets nobody but organiser and admins change a guest stand', async () => {
    const pending = await guestStand();
    expect((await call(stranger, 'PUT', `/api/stands/${pending.id}`, editForm())).status).toBe(404);
    const stand = await guestStand();
    await call(organizer, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
    const refusal = { status: 403, body: { message: SCREENS.guestStandOrganizerOnly } };
    expect(refusal.body.message).toBe('Gaststände können nur vom Event-Organisator verwaltet werden.');
    expect(await call(stranger, 'PUT', `/api/stands/${stand.id}`, editForm())).toEqual(refusal);
    // 403 comes before 400: a stranger's invalid body is still a 403.
    expect(await call(stranger, 'PUT', `/api/stands/${stand.id}`, {})).toEqual(refusal);
    expect(await call(anna, 'DELETE', `/api/stands/${stand.id}`)).toEqual(refusal);
    const edited = await call(admin, 'PUT', `/api/stands/${stand.id}`, editForm({ standNumber: 'B7' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ standNumber: 'B7', status: 'approved', guestFirstName: 'Gerda' });
    expect((await call(organizer, 'DELETE', `/api/stands/${stand.id}`)).status).toBe(204);
    expect((await call(organizer, 'GET', `/api/stands/${stand.id}`)).status).toBe(404);
  });

  it('keeps a guest draft as rejected when the organiser rejects it, out of every list', async () => {
    const stand = await guestStand();
    const rejected = await call(organizer, 'PATCH', `/api/stands/${stand.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: stand.id, status: 'rejected', exhibitorId: null, rejectionReason: null });
    expect((await call(organizer, 'GET', `/api/stands/${stand.id}`)).body.status).toBe('rejected');
    expect((await call(null, 'GET', `/api/stands/${stand.id}`)).status).toBe(404);
    expect(ids((await call(organizer, 'GET', `/api/events/${events.future}/draft-stands`)).body)).not.toContain(stand.id);
    expect(ids((await call(organizer, 'GET', `/api/events/${events.future}/stands`)).body)).not.toContain(stand.id);
  });

  it('answers 404 for an unknown or malformed event', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const notFound = { status: 404, body: { message: API_ERRORS.eventNotFound } };
    expect(await call(null, 'GET', `/api/events/${unknown}/stands`)).toEqual(notFound);
    expect(await call(null, 'GET', '/api/events/kein-event/stands')).toEqual(notFound);
    expect(await call(null, 'POST', `/api/events/${unknown}/guest-stands`, guestForm())).toEqual(notFound);
    expect(await call(organizer, 'GET', `/api/events/${unknown}/draft-stands`)).toEqual(notFound);
    expect(await call(anna, 'POST', '/api/stands', registerForm(unknown))).toEqual(notFound);
    expect(await call(null, 'GET', '/api/stands/123')).toEqual({ status: 404, body: { message: API_ERRORS.standNotFound } });
  });
});

async function guestStand(eventId: string = events.future): Promise<{ id: string }> {
  // Without a number: approved stands of one event never share one (409), and tests approve several.
  const res = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, guestForm({ standNumber: null }));
  expect(res.status).toBe(201);
  return res.body;
}

describe("a registered user's stand", () => {
  /** A market of its own for each test: one user may hold one stand per market. */
  async function annasPendingStand(market: string): Promise<string> {
    const res = await call(anna, 'POST', '/api/stands', registerForm(market, { exhibitorId: bert.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  it('waits for the organiser, with the caller as exhibitor whatever the body says', async () => {
    const market = await createEvent('Markt der Wartenden', {});
    const res = await call(anna, 'POST', '/api/stands', registerForm(market, { exhibitorId: bert.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      eventId: market,
      exhibitorId: anna.id,
      exhibitor: { id: anna.id, firstName: 'Anna', lastName: 'Ausstellerin' },
      status: 'pending',
      isDraft: true,
      latitude: '50.94500000',
      longitude: '6.96000000',
      guestFirstName: null,
    });
    const annasStand = res.body.id;
    expect(ids((await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body)).toContain(annasStand);
    expect(ids((await call(null, 'GET', `/api/events/${market}/stands`)).body)).not.toContain(annasStand);
    expect((await call(anna, 'GET', `/api/stands/${annasStand}`)).body.status).toBe('pending');
  });

  it('refuses a second stand of the same user at the event with 409', async () => {
    const market = await createEvent('Markt der Doppelten', {});
    await annasPendingStand(market);
    expect(await call(anna, 'POST', '/api/stands', registerForm(market))).toEqual({ status: 409, body: { message: 'Stand bereits angemeldet' } });
  });

  it('lets only organiser and admins decide, and shows a rejected stand to its owner only', async () => {
    const market = await createEvent('Markt der Abgelehnten', {});
    const annasStand = await annasPendingStand(market);
    expect(await call(anna, 'PATCH', `/api/stands/${annasStand}/approve-draft`)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    const rejected = await call(organizer, 'PATCH', `/api/stands/${annasStand}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: annasStand, status: 'rejected', isDraft: false, isApproved: false });

    const mine = await call(anna, 'GET', `/api/stands/user/${anna.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.find((s: { id: string }) => s.id === annasStand)).toMatchObject({ status: 'rejected' });
    expect(ids((await call(admin, 'GET', `/api/stands/user/${anna.id}`)).body)).toContain(annasStand);
    expect(ids((await call(stranger, 'GET', `/api/stands/user/${anna.id}`)).body)).not.toContain(annasStand);
    expect(ids((await call(null, 'GET', `/api/users/${anna.id}/stands`)).body)).not.toContain(annasStand);
    expect(ids((await call(anna, 'GET', `/api/users/${anna.id}/stands`)).body)).toContain(annasStand);
    expect((await call(stranger, 'GET', `/api/stands/${annasStand}`)).status).toBe(404);
    expect((await call(anna, 'GET', `/api/stands/${annasStand}`)).body.status).toBe('rejected');
    expect(ids((await call(organizer, 'GET', `/api/events/${market}/stands`)).body)).not.toContain(annasStand);
    // A rejected stand no longer holds the user's place: they may apply again (self-service.e2e-spec.ts).
  });

  it('becomes public once approved, also on the exhibitor page', async () => {
    const market = await createEvent('Markt der Freigegebenen', {});
    const created = await call(bert, 'POST', '/api/stands', registerForm(market));
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(ids((await call(null, 'GET', `/api/stands?exhibitorId=${bert.id}`)).body)).not.toContain(id);
    expect((await call(admin, 'PATCH', `/api/stands/${id}/approve-draft`)).body.status).toBe('approved');
    expect(ids((await call(null, 'GET', `/api/events/${market}/stands`)).body)).toContain(id);
    expect(ids((await call(null, 'GET', `/api/stands?exhibitorId=${bert.id}`)).body)).toContain(id);
    const onPage = (await call(null, 'GET', `/api/users/${bert.id}/stands`)).body.find((s: { id: string }) => s.id === id);
    expect(onPage).toMatchObject({ id, exhibitor: { firstName: 'Bert', lastName: 'Berger' } });
  });

  it('answers 404 for the stands of an unknown user', async () => {
    const notFound = { status: 404, body: { message: API_ERRORS.userNotFound } };
    expect(await call(null, 'GET', '/api/stands/user/00000000-0000-4000-8000-000000000000')).toEqual(notFound);
    expect(await call(null, 'GET', '/api/users/nobody/stands')).toEqual(notFound);
    expect(await call(null, 'GET', '/api/stands?exhibitorId=nobody')).toEqual(notFound);
    expect(await call(null, 'GET', '/api/stands')).toEqual({ status: 400, body: { message: STAND_API_ERRORS.exhibitorIdRequired } });
  });

  it('is edited by its owner, the organiser or admins; others get 403', async () => {
    const created = await call(stranger, 'POST', '/api/stands', registerForm(events.noCoords));
    const id = created.body.id;
    expect((await call(bert, 'PUT', `/api/stands/${id}`, editForm())).status).toBe(404); // pending: hidden
    await call(organizer, 'PATCH', `/api/stands/${id}/approve-draft`);
    expect(await call(bert, 'PUT', `/api/stands/${id}`, editForm())).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await call(bert, 'DELETE', `/api/stands/${id}`)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    const edited = await call(stranger, 'PUT', `/api/stands/${id}`, editForm());
    expect(edited.status).toBe(200);
    // Editing keeps the state: no second approval.
    expect(edited.body).toMatchObject({
      description: 'Kinderkleidung, Spielzeug und Bücher',
      activityCategories: ['Basteln'],
      standNumber: '13',
      status: 'approved',
    });
    expect((await call(organizer, 'PUT', `/api/stands/${id}`, editForm({ standNumber: '14' }))).body.standNumber).toBe('14');
    // The owner's DELETE withdraws: the stand leaves the public, only its owner still reads it.
    expect((await call(stranger, 'DELETE', `/api/stands/${id}`)).status).toBe(204);
    expect((await call(stranger, 'GET', `/api/stands/${id}`)).body.status).toBe('withdrawn');
    expect((await call(null, 'GET', `/api/stands/${id}`)).status).toBe(404);
  });
});

describe('registration switched off', () => {
  const closedAnswer = { status: 403, body: { message: 'Standregistrierung nicht verfügbar' } };

  it('refuses guests and users, but not the organiser or admins', async () => {
    expect(await call(null, 'POST', `/api/events/${events.closed}/guest-stands`, guestForm())).toEqual(closedAnswer);
    expect(await call(anna, 'POST', '/api/stands', registerForm(events.closed))).toEqual(closedAnswer);
    // 403 before 400.
    expect(await call(anna, 'POST', '/api/stands', { eventId: events.closed })).toEqual(closedAnswer);
    expect((await call(organizer, 'POST', `/api/events/${events.closed}/guest-stands`, guestForm())).status).toBe(201);
    expect((await call(organizer, 'POST', '/api/stands', registerForm(events.closed))).status).toBe(201);
    expect((await call(admin, 'POST', '/api/stands', registerForm(events.closed))).status).toBe(201);
  });
});

describe('validation messages, as 400 { message }', () => {
  const invalid = (message: string) => ({ status: 400, body: { message } });

  it.each([
    ['first name missing', { guestFirstName: '' }, 'Vorname ist erforderlich'],
    ['description too short', { description: 'Bücher' }, 'Beschreibung muss mindestens 10 Zeichen haben'],
    ['no category', { categories: [] }, 'Wähle mindestens eine Kategorie'],
    ['unknown food category', { foodCategories: ['Pizza'] }, VALIDATION.invalidFoodCategory],
    ['unknown activity category', { activityCategories: ['Karaoke'] }, VALIDATION.invalidActivityCategory],
    ['half a position', { latitude: 50.94, longitude: null }, VALIDATION.coordinatesIncomplete],
  ])('guest form: %s', async (_name, change, message) => {
    expect(await call(null, 'POST', `/api/events/${events.future}/guest-stands`, guestForm(change))).toEqual(invalid(message));
  });

  it('guest form: last name, position and stand number are optional', async () => {
    const res = await call(null, 'POST', `/api/events/${events.future}/guest-stands`, {
      guestFirstName: 'Kurt',
      description: 'Werkzeug aus dem Keller',
      categories: ['Werkzeug'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ guestLastName: null, standNumber: null, latitude: null, acceptsPayPal: false, foodCategories: [] });
  });

  it.each([
    ['description too short', { description: 'kurz' }, 'Beschreibung muss mindestens 10 Zeichen haben'],
    ['no category', { categories: [] }, 'Wählen Sie mindestens eine Kategorie'],
    ['no location', { latitude: null, longitude: null }, 'Bitte wählen Sie einen Standort auf der Karte aus.'],
    ['no eventId', { eventId: undefined }, VALIDATION.eventIdRequired],
  ])('register: %s', async (_name, change, message) => {
    expect(await call(stranger, 'POST', '/api/stands', registerForm(events.started, change))).toEqual(invalid(message));
  });

  it.each([
    ['description missing', { description: '' }, 'Beschreibung ist erforderlich'],
    ['no category', { categories: [] }, 'Wählen Sie mindestens eine Kategorie aus.'],
    ['no location', { latitude: undefined, longitude: undefined }, 'Bitte wählen Sie einen Standort auf der Karte aus.'],
    ['unknown food category', { foodCategories: ['Pizza'] }, VALIDATION.invalidFoodCategory],
    ['four photos', { photos: ['/a', '/b', '/c', '/d'] }, API_ERRORS.tooManyPhotos],
  ])('edit: %s', async (_name, change, message) => {
    const id = await ownApprovedStand();
    expect(await call(bert, 'PUT', `/api/stands/${id}`, editForm(change))).toEqual(invalid(message));
  });
});

let bertsStartedStand = '';
/** Bert's approved stand at the running market (created once). */
async function ownApprovedStand(): Promise<string> {
  if (bertsStartedStand) return bertsStartedStand;
  const created = await call(bert, 'POST', '/api/stands', registerForm(events.started));
  expect(created.status).toBe(201);
  await call(organizer, 'PATCH', `/api/stands/${created.body.id}/approve-draft`);
  bertsStartedStand = created.body.id;
  return bertsStartedStand;
}

describe('the 15 km rule', () => {
  const tooFar = 'Die gewählte Position ist 22.2km vom Flohmarkt entfernt. Maximal erlaubt sind 15km.';

  it('refuses a registration farther than 15 km, with one decimal', async () => {
    expect(standTooFar(22.24)).toBe(tooFar);
    expect(await call(anna, 'POST', '/api/stands', registerForm(events.started, FAR))).toEqual({ status: 400, body: { message: tooFar } });
  });

  it('refuses an edit that moves the stand too far, and a guest position too far', async () => {
    const id = await ownApprovedStand();
    expect(await call(bert, 'PUT', `/api/stands/${id}`, editForm(FAR))).toEqual({ status: 400, body: { message: tooFar } });
    expect(await call(null, 'POST', `/api/events/${events.future}/guest-stands`, guestForm(FAR))).toEqual({ status: 400, body: { message: tooFar } });
  });

  it('is skipped when the event has no coordinates', async () => {
    const res = await call(anna, 'POST', '/api/stands', registerForm(events.noCoords, { latitude: 48.137, longitude: 11.575 }));
    expect(res.status).toBe(201);
    expect(res.body.latitude).toBe('48.13700000');
  });
});

describe('photos in an edit', () => {
  /** Real uploads through the media service, which owns the list; answers the paths once the stand lists them. */
  async function uploadPhotos(standId: string, count: number): Promise<string[]> {
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2b4162' } })
      .jpeg()
      .toBuffer();
    const photoData = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    for (let i = 1; i <= count; i++)
      expect((await call(bert, 'POST', `/api/stands/${standId}/photos`, { photoData, fileName: `foto-${i}.jpg` })).status).toBe(200);
    return pollPhotos(standId, (photos) => photos.length === count);
  }

  /** The stand's list as readers see it, once it satisfies `done` (media's answers arrive through the relay). */
  async function pollPhotos(standId: string, done: (photos: string[]) => boolean): Promise<string[]> {
    let photos: string[] = [];
    await expect
      .poll(
        async () => {
          photos = (await call(null, 'GET', `/api/stands/${standId}`)).body.photos as string[];
          return done(photos);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return photos;
  }

  it('may reorder and remove stored photos, never add one', async () => {
    const id = await ownApprovedStand();
    const [a, b] = await uploadPhotos(id, 2);
    const c = `/api/media/stands/${id}/00000000-0000-4000-8000-000000000000.jpg`;
    expect(await call(bert, 'PUT', `/api/stands/${id}`, editForm({ photos: [a, b, c] }))).toEqual({
      status: 400,
      body: { message: STAND_API_ERRORS.photosOnlyReorder },
    });
    expect(await call(bert, 'PUT', `/api/stands/${id}`, editForm({ photos: [a, a] }))).toEqual({
      status: 400,
      body: { message: STAND_API_ERRORS.photosOnlyReorder },
    });
    expect((await call(bert, 'PUT', `/api/stands/${id}`, editForm({ photos: [b, a] }))).body.photos).toEqual([b, a]);
    // Media applies the edit and announces the list back: the order holds.
    await pollPhotos(id, (photos) => photos.join() === [b, a].join());
    // Left out, the list stays as it is.
    expect((await call(bert, 'PUT', `/api/stands/${id}`, editForm())).body.photos).toEqual([b, a]);
    expect((await call(bert, 'PUT', `/api/stands/${id}`, editForm({ photos: [a] }))).body.photos).toEqual([a]);
    expect(await pollPhotos(id, (photos) => photos.join() === a)).toEqual([a]);
  });
});

describe('reviews', () => {
  it('open at the event start, for signed-in visitors who do not own the stand, once each', async () => {
    const id = await ownApprovedStand();
    expect((await call(null, 'POST', `/api/stands/${id}/reviews`, { rating: 5 })).status).toBe(401);
    expect(await call(bert, 'POST', `/api/stands/${id}/reviews`, { rating: 5 })).toEqual({ status: 403, body: { message: STAND_API_ERRORS.reviewOwnStand } });
    expect(await call(anna, 'POST', `/api/stands/${id}/reviews`, { rating: 6 })).toEqual({ status: 400, body: { message: VALIDATION.invalidRating } });
    expect(await call(anna, 'POST', `/api/stands/${id}/reviews`, { rating: 4.5 })).toEqual({ status: 400, body: { message: VALIDATION.invalidRating } });
    expect(await call(anna, 'POST', `/api/stands/${id}/reviews`, { rating: 4, comment: 'x'.repeat(LIMITS.reviewCommentMaxLength + 1) })).toEqual({
      status: 400,
      body: { message: VALIDATION.textTooLong(LIMITS.reviewCommentMaxLength) },
    });
    const created = await call(anna, 'POST', `/api/stands/${id}/reviews`, { rating: 4, comment: 'Schöne Bücher' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ standId: id, reviewerId: anna.id, rating: 4, comment: 'Schöne Bücher' });
    expect(await call(anna, 'POST', `/api/stands/${id}/reviews`, { rating: 2 })).toEqual({
      status: 409,
      body: { message: STAND_API_ERRORS.reviewAlreadyGiven },
    });
    expect((await call(organizer, 'POST', `/api/stands/${id}/reviews`, { rating: 5 })).status).toBe(201);
    const list = await call(null, 'GET', `/api/stands/${id}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
    expect(list.body.find((r: { reviewerId: string }) => r.reviewerId === anna.id).reviewer).toEqual({
      id: anna.id,
      firstName: 'Anna',
      // Public: the initial only (the whole last name never leaves the server).
      lastName: 'A.',
    });
    // The exhibitor page reads the latest reviews of all of Bert's stands in one call.
    const ofExhibitor = await call(null, 'GET', `/api/reviews?exhibitorId=${bert.id}`);
    expect(ofExhibitor.status).toBe(200);
    expect(ofExhibitor.body.filter((r: { standId: string }) => r.standId === id)).toHaveLength(2);
  });

  it('are refused before the event starts', async () => {
    const created = await call(stranger, 'POST', '/api/stands', registerForm(events.future));
    expect(created.status).toBe(201);
    await call(organizer, 'PATCH', `/api/stands/${created.body.id}/approve-draft`);
    expect(await call(anna, 'POST', `/api/stands/${created.body.id}/reviews`, { rating: 5 })).toEqual({
      status: 403,
      body: { message: STAND_API_ERRORS.reviewBeforeStart },
    });
  });

  it('do not exist for a stand the caller may not see', async () => {
    const pending = await guestStand(events.started);
    expect((await call(null, 'GET', `/api/stands/${pending.id}/reviews`)).status).toBe(404);
    expect((await call(anna, 'POST', `/api/stands/${pending.id}/reviews`, { rating: 3 })).status).toBe(404);
  });

  it('go with their stand', async () => {
    const created = await call(anna, 'POST', '/api/stands', registerForm(events.started));
    const id = created.body.id;
    await call(organizer, 'PATCH', `/api/stands/${id}/approve-draft`);
    expect((await call(bert, 'POST', `/api/stands/${id}/reviews`, { rating: 1 })).status).toBe(201);
    expect((await call(anna, 'DELETE', `/api/stands/${id}`)).status).toBe(204);
    expect((await call(null, 'GET', `/api/stands/${id}/reviews`)).status).toBe(404);
  });
});

describe('internal calls', () => {
  it('are not reachable through the gateway', async () => {
    expect((await call(null, 'POST', '/api/internal/stand-counts', { eventIds: [events.future] })).status).toBe(404);
  });

  it('feed the approved-stand count of the event read (through the outbox)', async () => {
    const market = await createEvent('Markt zum Zählen', {});
    const stands = [];
    for (let i = 0; i < 3; i++) stands.push((await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm({ standNumber: `Z${i}` }))).body.id);
    for (const id of stands.slice(0, 2)) expect((await call(organizer, 'PATCH', `/api/stands/${id}/approve-draft`)).status).toBe(200);
    const publicStands = await call(null, 'GET', `/api/events/${market}/stands`);
    expect(publicStands.body).toHaveLength(2);
    // The events service's read model of the count follows a moment later (EventStandCountChanged).
    await expect.poll(async () => (await call(null, 'GET', `/api/events/${market}`)).body.standCount, { timeout: 20_000, interval: 100 }).toBe(2);
  });
});

describe('cascades', () => {
  async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not reached in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("removes an event's stands when an admin deletes the event", async () => {
    const eventId = await createEvent('Kurzer Markt', {});
    const stand = await call(anna, 'POST', '/api/stands', registerForm(eventId));
    await call(organizer, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`);
    expect((await call(admin, 'DELETE', `/api/events/${eventId}`)).status).toBe(204);
    await eventually(async () => (await call(anna, 'GET', `/api/stands/${stand.body.id}`)).status === 404);
    expect(ids((await call(anna, 'GET', `/api/stands/user/${anna.id}`)).body)).not.toContain(stand.body.id);
  });

  it("removes a deleted user's stands and the reviews they wrote", async () => {
    const leaving = await signedIn('geht@example.org', 'Greta', 'Geht');
    const stand = await call(leaving, 'POST', '/api/stands', registerForm(events.started));
    expect(stand.status).toBe(201);
    await call(organizer, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`);
    const reviewed = await ownApprovedStand();
    expect((await call(leaving, 'POST', `/api/stands/${reviewed}/reviews`, { rating: 2 })).status).toBe(201);
    const reviewers = async () => (await call(null, 'GET', `/api/stands/${reviewed}/reviews`)).body.map((r: { reviewerId: string }) => r.reviewerId);
    expect(await reviewers()).toContain(leaving.id);

    expect((await call(admin, 'DELETE', `/api/admin/users/${leaving.id}`)).status).toBe(204);
    await eventually(async () => (await call(admin, 'GET', `/api/stands/${stand.body.id}`)).status === 404);
    await eventually(async () => !(await reviewers()).includes(leaving.id));
    expect(ids((await call(null, 'GET', `/api/events/${events.started}/stands`)).body)).not.toContain(stand.body.id);
  });
});
