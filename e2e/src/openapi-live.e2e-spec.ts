import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall, signedInSession } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Issue 32: the document tells the truth. Every operation of /api/openapi.json is called on the
 * running product with realistic values (a market with an approved seller's stand and a guest's
 * stand, a photo, a profile, a favourite, an admin) and its live answer is checked against the
 * document with Ajv (JSON Schema 2020-12, independent of the zod schemas the document comes from):
 * the status is the one the case expects and the operation lists, the content type is one the
 * document names for that status, and a JSON body is valid against its schema. An operation of the
 * document without a case here fails the test, so a new call cannot go unchecked.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Live {
  status: number;
  contentType: string;
  body: unknown;
}

const ADMIN_EMAIL = 'ada.dokument@flohmarkt.example';
const HOUR = 3600 * 1000;
const at = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR).toISOString();
// Leipzig, Südvorstadt: the market and its stands a few hundred metres apart.
const PLACE = { latitude: 51.3235, longitude: 12.3721 };
const NEAR = { latitude: 51.3241, longitude: 12.3732 };
const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';

let stack: TestStack;
let document: Json & { paths: Record<string, Record<string, Operation>>; components: Json };
let ajv: Ajv2020;
let organiser: HttpSession & { id: string };
let seller: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let visitor: HttpSession & { id: string };
let sequence = 0;
const ids = { event: '', stand: '', guestStand: '', guestToken: '', profile: '', photoPath: '' };

async function send(who: HttpSession | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Live> {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (body !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = who ? await who.fetch(path, init) : await fetch(`${stack.publicUrl}${path}`, init);
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const text = await res.text();
  const body2 = contentType.includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, contentType, body: body2 };
}

const must = (who: HttpSession | null, method: string, path: string, body?: unknown) => mustCall(stack.publicUrl, who, method, path, body);

const eventBody = (name = 'Hofflohmarkt Südvorstadt') => ({
  name,
  location: 'Karl-Liebknecht-Straße, 04275 Leipzig',
  description: 'Höfe, Garagen und Vorgärten öffnen ihre Tore.',
  startDateTime: at(1),
  endDateTime: at(7),
  ...PLACE,
});
const ITEM = { title: 'Kinderbücher, ein Karton', price: { kind: 'fixed', cents: 800 }, category: 'Bücher' };
const standBody = (eventId: string) => ({ eventId, description: 'Bücher, Schallplatten und Spielzeug', categories: ['Bücher', 'Spielzeug'], ...NEAR });
const guestBody = { guestFirstName: 'Gerda', guestLastName: 'Gast', description: 'Kinderkleidung und Geschirr', categories: ['Kinderkleidung'], ...NEAR };

async function person(firstName: string, lastName: string, email = `${firstName}.${lastName}.${++sequence}@example.org`.toLowerCase()) {
  return signedInSession(stack.publicUrl, email, firstName, lastName);
}

/** A market of the organiser's, starting at the next full hour or the one after. */
async function newEvent(name?: string): Promise<string> {
  return (await must(organiser, 'POST', '/api/events', eventBody(name))).id as string;
}

/** An approved stand of the seller's at a market of its own, from `startHour` to `endHour` (see at()). */
async function approvedStandAt(name: string, startHour: number, endHour: number): Promise<string> {
  const market = { ...eventBody(name), startDateTime: at(startHour), endDateTime: at(endHour) };
  const eventId = (await must(organiser, 'POST', '/api/events', market)).id as string;
  const standId = (await must(seller, 'POST', '/api/stands', standBody(eventId))).id as string;
  await must(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`);
  return standId;
}

/**
 * At a market that began within the last two hours: its market day is today in Berlin at every hour
 * of the day (one starting in an hour would begin tomorrow when the run falls after 23:00 in Berlin,
 * and the live state would be refused).
 */
const standAtRunningMarket = () => approvedStandAt('Hofflohmarkt läuft schon', -1, 6);

/** At a market six days ahead: still to come at any time of the run (the shared one begins at the next full hour, which a long run can pass). */
const standAtLaterMarket = () => approvedStandAt('Hofflohmarkt nächste Woche', 24 * 6, 24 * 6 + 6);

/** A pending stand of a new seller at the market. */
async function pendingStand(): Promise<string> {
  const someone = await person('Paula', 'Prüfling');
  return (await must(someone, 'POST', '/api/stands', standBody(ids.event))).id as string;
}

/** A hold a new visitor asked for on a new item of the seller's stand. */
async function askedHold(): Promise<{ holdId: string; holder: HttpSession & { id: string } }> {
  const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
  const holder = await person('Hilde', 'Hold');
  return { holdId: (await must(holder, 'POST', `/api/items/${item.id}/holds`)).id as string, holder };
}

/** A new market of the organiser's with a helper invite (its team cases change no other market's team). */
async function invitedMarket(): Promise<{ eventId: string; code: string }> {
  const eventId = await newEvent('Hofflohmarkt mit Team');
  const invite = await must(organiser, 'POST', `/api/events/${eventId}/team-invites`, { role: 'helper', expiresAt: at(48) });
  return { eventId, code: invite.code as string };
}

async function jpegDataUrl(): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#6b8f71' } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

type Case = () => Promise<Live & { expected: number }>;
const expecting = (expected: number, live: Promise<Live>) => live.then((answer) => ({ ...answer, expected }));

/** One case per operation of the document, keyed `METHOD /path` as the document writes it. */
const CASES: Record<string, Case> = {
  'GET /events': () => expecting(200, send(null, 'GET', `/api/events?upcoming=true&lat=${PLACE.latitude}&lng=${PLACE.longitude}&radiusKm=10&sort=distance`)),
  'GET /events/viewport': () => expecting(200, send(null, 'GET', '/api/events/viewport?bbox=12.2,51.25,12.5,51.4&zoom=12')),
  'POST /events': () => expecting(201, send(organiser, 'POST', '/api/events', eventBody('Trödelmarkt am Kanal'))),
  'GET /events/{id}': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}`)),
  'PUT /events/{id}': () => expecting(200, send(organiser, 'PUT', `/api/events/${ids.event}`, eventBody())),
  'DELETE /events/{id}': async () => expecting(204, send(admin, 'DELETE', `/api/events/${await newEvent('Zum Löschen')}`)),
  'PATCH /events/{id}/cancel': async () =>
    expecting(200, send(organiser, 'PATCH', `/api/events/${await newEvent('Abgesagt')}/cancel`, { reason: 'Wegen Sturmwarnung abgesagt.' })),
  'GET /series/{id}': async () => {
    const first = await must(organiser, 'POST', '/api/events', { ...eventBody('Trödel jeden Samstag'), series: { rule: 'weekly', count: 3 } });
    return expecting(200, send(null, 'GET', `/api/series/${first.seriesId}`));
  },
  'POST /events/{id}/copy': () => expecting(201, send(organiser, 'POST', `/api/events/${ids.event}/copy`, { startDateTime: at(30), endDateTime: at(36) })),
  // A copy of the market with the approved stands: the stands service learns of it a moment later.
  'POST /events/{id}/invite-previous': async () => {
    const copy = await must(organiser, 'POST', `/api/events/${ids.event}/copy`, { startDateTime: at(40), endDateTime: at(46) });
    const invite = () => send(organiser, 'POST', `/api/events/${copy.id}/invite-previous`);
    await until('the stands service knows the copy', async () => (await invite()).status !== 404);
    return expecting(200, invite());
  },
  'GET /events/{id}/calendar.ics': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/calendar.ics`)),
  'GET /feeds/events.ics': () => expecting(200, send(null, 'GET', `/api/feeds/events.ics?lat=${PLACE.latitude}&lng=${PLACE.longitude}`)),
  'GET /feeds/events.geojson': () => expecting(200, send(null, 'GET', `/api/feeds/events.geojson?lat=${PLACE.latitude}&lng=${PLACE.longitude}`)),
  'GET /geocode': () => expecting(200, send(null, 'GET', `/api/geocode?q=${encodeURIComponent('04275 Leipzig')}`)),
  'GET /geocode/reverse': () => expecting(200, send(null, 'GET', `/api/geocode/reverse?lat=${NEAR.latitude}&lng=${NEAR.longitude}`)),

  'GET /events/{id}/stands': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/stands`)),
  'GET /events/{id}/draft-stands': () => expecting(200, send(organiser, 'GET', `/api/events/${ids.event}/draft-stands?status=pending,approved`)),
  'PATCH /events/{id}/stands/review': async () =>
    expecting(200, send(organiser, 'PATCH', `/api/events/${ids.event}/stands/review`, { approve: [await pendingStand()], reject: [], reason: null })),
  'POST /events/{id}/walk-up-stands': () =>
    expecting(
      201,
      send(organiser, 'POST', `/api/events/${ids.event}/walk-up-stands`, { description: 'Spontan mit Kuchen und Kaffee', categories: ['Verschiedenes'] }),
    ),
  'GET /events/{id}/stand-overview': () => expecting(200, send(organiser, 'GET', `/api/events/${ids.event}/stand-overview`)),
  'POST /events/{id}/stand-numbers': () => expecting(200, send(organiser, 'POST', `/api/events/${ids.event}/stand-numbers`, { order: 'street' })),
  'GET /events/{id}/poster.pdf': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/poster.pdf`)),
  'GET /events/{id}/stand-list.pdf': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/stand-list.pdf`)),
  'GET /events/{id}/stand-map.pdf': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/stand-map.pdf`)),
  'GET /events/{id}/stands.csv': () => expecting(200, send(organiser, 'GET', `/api/events/${ids.event}/stands.csv`)),
  'GET /events/{id}/stands.geojson': () => expecting(200, send(null, 'GET', `/api/events/${ids.event}/stands.geojson`)),
  'GET /events/{id}/route': () =>
    expecting(
      200,
      send(null, 'GET', `/api/events/${ids.event}/route?stands=${ids.stand},${ids.guestStand}&start=${PLACE.latitude},${PLACE.longitude}&mode=walk`),
    ),
  'POST /events/{id}/guest-stands': () => expecting(201, send(null, 'POST', `/api/events/${ids.event}/guest-stands`, guestBody)),

  'GET /guest-stands/{token}': () => expecting(200, send(null, 'GET', `/api/guest-stands/${ids.guestToken}`)),
  'GET /guest-stands/{token}/calendar.ics': () => expecting(200, send(null, 'GET', `/api/guest-stands/${ids.guestToken}/calendar.ics`)),
  'DELETE /guest-stands/{token}': async () => {
    const { manageUrl } = await must(null, 'POST', `/api/events/${ids.event}/guest-stands`, guestBody);
    return expecting(204, send(null, 'DELETE', `/api/guest-stands/${String(manageUrl).split('/').pop()}`));
  },
  // A mail's links: an unknown token is the answer a stranger gets (the real ones are the notification specs').
  'GET /mail/unsubscribe/{token}': () => expecting(404, send(null, 'GET', `/api/mail/unsubscribe/${UNKNOWN_TOKEN}`)),
  'POST /mail/unsubscribe/{token}': () => expecting(404, send(null, 'POST', `/api/mail/unsubscribe/${UNKNOWN_TOKEN}`)),
  'DELETE /mail/unsubscribe/{token}': () => expecting(404, send(null, 'DELETE', `/api/mail/unsubscribe/${UNKNOWN_TOKEN}`)),
  'GET /mail/confirm/{token}': () => expecting(404, send(null, 'GET', `/api/mail/confirm/${UNKNOWN_TOKEN}`)),

  'GET /stands': () => expecting(200, send(null, 'GET', `/api/stands?exhibitorId=${seller.id}`)),
  'POST /stands': async () => expecting(201, send(seller, 'POST', '/api/stands', standBody(await newEvent('Zweiter Markt')))),
  'GET /stands/user/{userId}': () => expecting(200, send(seller, 'GET', `/api/stands/user/${seller.id}`)),
  'GET /stands/{id}': () => expecting(200, send(null, 'GET', `/api/stands/${ids.stand}`)),
  'GET /stands/{id}/calendar.ics': () => expecting(200, send(seller, 'GET', `/api/stands/${ids.stand}/calendar.ics`)),
  'PUT /stands/{id}': () =>
    expecting(
      200,
      send(seller, 'PUT', `/api/stands/${ids.stand}`, { description: 'Bücher, Schallplatten, Spielzeug und Comics', categories: ['Bücher'], ...NEAR }),
    ),
  'DELETE /stands/{id}': async () => expecting(204, send(admin, 'DELETE', `/api/stands/${await pendingStand()}`)),
  'PATCH /stands/{id}/approve-draft': async () => expecting(200, send(organiser, 'PATCH', `/api/stands/${await pendingStand()}/approve-draft`)),
  'PATCH /stands/{id}/reject': async () =>
    expecting(200, send(organiser, 'PATCH', `/api/stands/${await pendingStand()}/reject`, { reason: 'Leider sind alle Plätze vergeben.' })),
  'PATCH /stands/{id}/live': async () => expecting(200, send(seller, 'PATCH', `/api/stands/${await standAtRunningMarket()}/live`, { state: 'open' })),
  'GET /stands/{id}/items': async () => {
    await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(200, send(null, 'GET', `/api/stands/${ids.stand}/items`));
  },
  'POST /stands/{id}/items': () => expecting(201, send(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM)),
  'PUT /items/{id}': async () => {
    const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(200, send(seller, 'PUT', `/api/items/${item.id}`, { ...ITEM, price: { kind: 'free' }, sold: true }));
  },
  'DELETE /items/{id}': async () => {
    const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(204, send(seller, 'DELETE', `/api/items/${item.id}`));
  },
  'GET /items/search': async () => {
    await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(
      200,
      send(null, 'GET', `/api/items/search?q=${encodeURIComponent('Kinderbücher')}&lat=${PLACE.latitude}&lng=${PLACE.longitude}&radiusKm=10`),
    );
  },
  // Free holds (issue 35): each case holds a new item of its own, by a new visitor (at most ten open holds each).
  'POST /items/{id}/holds': async () => {
    const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(201, send(await person('Hilde', 'Hold'), 'POST', `/api/items/${item.id}/holds`));
  },
  'GET /holds/{id}': async () => expecting(200, send(seller, 'GET', `/api/holds/${(await askedHold()).holdId}`)),
  'PATCH /holds/{id}': async () => expecting(200, send(seller, 'PATCH', `/api/holds/${(await askedHold()).holdId}`, { decision: 'accept' })),
  'GET /me/holds': async () => expecting(200, send((await askedHold()).holder, 'GET', '/api/me/holds')),
  'GET /stands/{id}/holds': async () => {
    await askedHold();
    return expecting(200, send(seller, 'GET', `/api/stands/${ids.stand}/holds`));
  },
  'POST /items/{id}/photo': async () => {
    const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    return expecting(200, send(seller, 'POST', `/api/items/${item.id}/photo`, { photoData: await jpegDataUrl(), fileName: 'karton.jpg' }));
  },
  'DELETE /items/{id}/photo': async () => {
    const item = await must(seller, 'POST', `/api/stands/${ids.stand}/items`, ITEM);
    await must(seller, 'POST', `/api/items/${item.id}/photo`, { photoData: await jpegDataUrl(), fileName: 'karton.jpg' });
    return expecting(200, send(seller, 'DELETE', `/api/items/${item.id}/photo`));
  },
  // The market day (issue 36). The team: each case on a market of its own, the visitor the one who joins.
  'POST /events/{id}/team-invites': async () =>
    expecting(201, send(organiser, 'POST', `/api/events/${await newEvent('Hofflohmarkt mit Team')}/team-invites`, { role: 'co-organizer', expiresAt: at(48) })),
  'DELETE /events/{id}/team-invites/{code}': async () => {
    const { eventId, code } = await invitedMarket();
    return expecting(204, send(organiser, 'DELETE', `/api/events/${eventId}/team-invites/${code}`));
  },
  'GET /team-invites/{code}': async () => expecting(200, send(null, 'GET', `/api/team-invites/${(await invitedMarket()).code}`)),
  'POST /team-invites/{code}/accept': async () => expecting(200, send(visitor, 'POST', `/api/team-invites/${(await invitedMarket()).code}/accept`)),
  'GET /events/{id}/team': async () => {
    const { eventId, code } = await invitedMarket();
    await must(visitor, 'POST', `/api/team-invites/${code}/accept`);
    return expecting(200, send(organiser, 'GET', `/api/events/${eventId}/team`));
  },
  'DELETE /events/{id}/team/{userId}': async () => {
    const { eventId, code } = await invitedMarket();
    await must(visitor, 'POST', `/api/team-invites/${code}/accept`);
    return expecting(204, send(organiser, 'DELETE', `/api/events/${eventId}/team/${visitor.id}`));
  },
  // A "Bist du dabei?" link: an unknown token is the answer a stranger gets (the real ones: market-day.e2e-spec.ts).
  'GET /confirmations/{token}': () => expecting(404, send(null, 'GET', `/api/confirmations/${UNKNOWN_TOKEN}`)),
  'POST /confirmations/{token}': () => expecting(404, send(null, 'POST', `/api/confirmations/${UNKNOWN_TOKEN}`, { answer: 'yes' })),
  // Its reminder: a market with the reconfirmation on, days ahead (nobody asked yet, so nobody reminded).
  'POST /events/{id}/confirmations/remind': async () => {
    const market = await must(organiser, 'POST', '/api/events', {
      ...eventBody('Hofflohmarkt mit Rückmeldung'),
      startDateTime: at(24 * 6),
      endDateTime: at(24 * 6 + 6),
      reconfirmation: { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 24 },
    });
    return expecting(200, send(organiser, 'POST', `/api/events/${market.id}/confirmations/remind`));
  },
  // The market starts within the hour: its stands are checked in.
  'PATCH /stands/{id}/check-in': () =>
    expecting(200, send(organiser, 'PATCH', `/api/stands/${ids.stand}/check-in`, { state: 'present', at: new Date().toISOString() })),
  'GET /events/{id}/market-day': () => expecting(200, send(organiser, 'GET', `/api/events/${ids.event}/market-day`)),
  'GET /users/{id}/stands': () => expecting(200, send(null, 'GET', `/api/users/${seller.id}/stands`)),
  'GET /stands/{id}/reviews': () => expecting(200, send(null, 'GET', `/api/stands/${ids.stand}/reviews`)),
  // Reviews open when the market has begun; before, the documented refusal.
  'POST /stands/{id}/reviews': async () =>
    expecting(403, send(visitor, 'POST', `/api/stands/${await standAtLaterMarket()}/reviews`, { rating: 5, comment: 'Tolle Auswahl an Büchern!' })),
  'DELETE /stands/{id}/reviews/{reviewId}': async () => {
    const standId = await standAtRunningMarket();
    const review = await must(visitor, 'POST', `/api/stands/${standId}/reviews`, { rating: 4, comment: 'Nette Auswahl' });
    return expecting(204, send(visitor, 'DELETE', `/api/stands/${standId}/reviews/${String(review.id)}`));
  },
  'GET /reviews': () => expecting(200, send(null, 'GET', `/api/reviews?exhibitorId=${seller.id}`)),
  'GET /admin/stand-stats': () => expecting(200, send(admin, 'GET', '/api/admin/stand-stats')),

  'POST /stands/{id}/photos': async () =>
    expecting(200, send(seller, 'POST', `/api/stands/${ids.stand}/photos`, { photoData: await jpegDataUrl(), fileName: 'hof-17.jpg' })),
  'DELETE /stands/{id}/photos': async () => {
    const { photos } = await must(seller, 'POST', `/api/stands/${ids.stand}/photos`, { photoData: await jpegDataUrl(), fileName: 'weg.jpg' });
    return expecting(200, send(seller, 'DELETE', `/api/stands/${ids.stand}/photos`, { photoPath: (photos as string[]).at(-1) }));
  },
  'GET /media/stands/{standId}/{file}': () => expecting(200, send(null, 'GET', ids.photoPath)),

  'GET /users/{id}': () => expecting(200, send(null, 'GET', `/api/users/${seller.id}`)),
  'PUT /users/{id}': () => expecting(200, send(seller, 'PUT', `/api/users/${seller.id}`, { firstName: 'Sabine', lastName: 'Schmitz-Özdemir' })),
  'GET /exhibitor-profiles': () => expecting(200, send(null, 'GET', `/api/exhibitor-profiles?userId=${seller.id}`)),
  'POST /exhibitor-profiles': async () => {
    const someone = await person('Pia', 'Profil');
    return expecting(201, send(someone, 'POST', '/api/exhibitor-profiles', { bio: 'Sammle Schallplatten.', specialties: ['Schallplatten'] }));
  },
  'PUT /exhibitor-profiles/{id}': () =>
    expecting(200, send(seller, 'PUT', `/api/exhibitor-profiles/${ids.profile}`, { bio: 'Sammle seit 20 Jahren Bücher.', specialties: ['Bücher'] })),
  'GET /exhibitors/{id}': () => expecting(200, send(null, 'GET', `/api/exhibitors/${seller.id}`)),
  'GET /admin/users': () => expecting(200, send(admin, 'GET', '/api/admin/users?q=schmitz')),
  'DELETE /admin/users/{id}': async () => expecting(204, send(admin, 'DELETE', `/api/admin/users/${(await person('Dora', 'Delete')).id}`)),
  'PATCH /admin/users/{id}/role': async () =>
    expecting(200, send(admin, 'PATCH', `/api/admin/users/${(await person('Rolf', 'Rolle')).id}/role`, { role: 'organizer' })),
  'GET /admin/events': () => expecting(200, send(admin, 'GET', '/api/admin/events?q=Südvorstadt')),

  'GET /me/export': () => expecting(200, send(seller, 'GET', '/api/me/export')),
  'DELETE /me': async () => {
    const email = `konto.weg.${++sequence}@example.org`;
    const leaving = await person('Karla', 'Weg', email);
    return expecting(204, send(leaving, 'DELETE', '/api/me', { confirm: email }));
  },
  'GET /me/favourites': () => expecting(200, send(visitor, 'GET', '/api/me/favourites')),
  'PUT /me/favourites/{kind}/{id}': () => expecting(204, send(visitor, 'PUT', `/api/me/favourites/events/${ids.event}`)),
  'DELETE /me/favourites/{kind}/{id}': () => expecting(204, send(visitor, 'DELETE', `/api/me/favourites/stands/${ids.stand}`)),
  'GET /me/events': () => expecting(200, send(organiser, 'GET', '/api/me/events')),
  'GET /me/follows': () => expecting(200, send(visitor, 'GET', '/api/me/follows')),
  'PUT /me/follows/organizers/{userId}': () => expecting(204, send(visitor, 'PUT', `/api/me/follows/organizers/${organiser.id}`)),
  'DELETE /me/follows/organizers/{userId}': () => expecting(204, send(visitor, 'DELETE', `/api/me/follows/organizers/${seller.id}`)),
  'DELETE /me/follows/organizers/{userId}/mail-opt-out': async () => {
    await must(visitor, 'PUT', `/api/me/follows/organizers/${organiser.id}`);
    return expecting(204, send(visitor, 'DELETE', `/api/me/follows/organizers/${organiser.id}/mail-opt-out`));
  },
  'GET /me/alerts': () => expecting(200, send(visitor, 'GET', '/api/me/alerts')),
  'POST /me/alerts': () =>
    expecting(
      201,
      send(visitor, 'POST', '/api/me/alerts', { lat: PLACE.latitude, lng: PLACE.longitude, radiusKm: 10, label: 'Leipzig', categories: ['Bücher'] }),
    ),
  'DELETE /me/alerts/{id}': async () => {
    const alert = await must(visitor, 'POST', '/api/me/alerts', { lat: PLACE.latitude, lng: PLACE.longitude, radiusKm: 5 });
    return expecting(204, send(visitor, 'DELETE', `/api/me/alerts/${alert.id}`));
  },
  'DELETE /me/alerts/{id}/mail-opt-out': async () => {
    const alert = await must(visitor, 'POST', '/api/me/alerts', { lat: PLACE.latitude, lng: PLACE.longitude, radiusKm: 7 });
    return expecting(204, send(visitor, 'DELETE', `/api/me/alerts/${alert.id}/mail-opt-out`));
  },

  'GET /login': () => expecting(302, send(null, 'GET', '/api/login?returnTo=%2Fevents')),
  // A return from the identity provider without a sign-in under way starts one.
  'GET /callback': () => expecting(302, send(null, 'GET', '/api/callback?code=x&state=y')),
  'GET /logout': async () => expecting(302, send(await person('Lea', 'Logout'), 'GET', '/api/logout')),
  'GET /auth/user': () => expecting(200, send(seller, 'GET', '/api/auth/user')),
  'GET /health': () => expecting(200, send(null, 'GET', '/api/health')),
};

/** The schema with its references pointing into the document registered as `doc`. */
function intoDocument(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
}

/** What is wrong with a live answer as the document describes the operation (empty: nothing). */
function disagreements(key: string, op: Operation, live: Live): string[] {
  const response = op.responses[String(live.status)];
  if (!response) return [`${key}: status ${live.status} is not documented (${Object.keys(op.responses).join(', ')})`];
  const content = response.content ?? {};
  if (live.status === 204 || live.status === 302 || live.status === 304) return [];
  const media = content[live.contentType];
  if (!media) return [`${key} ${live.status}: content type "${live.contentType}" is not documented (${Object.keys(content).join(', ')})`];
  if (!live.contentType.includes('json')) return typeof live.body === 'string' && live.body.length > 0 ? [] : [`${key}: empty ${live.contentType}`];
  const validate = ajv.compile(intoDocument(media.schema ?? {}) as Json);
  if (validate(live.body)) return [];
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e: ErrorObject) => `${key} ${live.status}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`);
}

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL });
  document = await (await fetch(`${stack.publicUrl}/api/openapi.json`)).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its default export is the plugin itself.
  (formats as unknown as (instance: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components });

  organiser = await person('Olga', 'Organisatorin');
  seller = await person('Sabine', 'Schmitz');
  visitor = await person('Vera', 'Besucherin');
  admin = await signedInSession(stack.publicUrl, ADMIN_EMAIL, 'Ada', 'Admin');
  ids.event = await newEvent();
  ids.stand = (await must(seller, 'POST', '/api/stands', standBody(ids.event))).id as string;
  await must(organiser, 'PATCH', `/api/stands/${ids.stand}/approve-draft`);
  const guest = await must(null, 'POST', `/api/events/${ids.event}/guest-stands`, guestBody);
  ids.guestStand = guest.id as string;
  ids.guestToken = String(guest.manageUrl).split('/').pop() as string;
  await must(organiser, 'PATCH', `/api/stands/${ids.guestStand}/approve-draft`);
  ids.profile = (await must(seller, 'POST', '/api/exhibitor-profiles', { bio: 'Sammle Bücher.', specialties: ['Bücher'] })).id as string;
  await must(visitor, 'PUT', `/api/me/favourites/stands/${ids.stand}`);
  // A processed photo of the stand, as the public reads it.
  await must(seller, 'POST', `/api/stands/${ids.stand}/photos`, { photoData: await jpegDataUrl(), fileName: 'hof.jpg' });
  ids.photoPath = await until('the photo is processed', async () => {
    const stand = await must(null, 'GET', `/api/stands/${ids.stand}`);
    const path = (stand.photos as string[])[0];
    return path && (await fetch(`${stack.publicUrl}${path}`)).status === 200 ? path : null;
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the live answers against /api/openapi.json', () => {
  it('has a case for every documented operation, and none for an operation that is not documented', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(Object.keys(CASES).sort()).toEqual(documented.sort());
  });

  it('answers every operation with a documented status, content type and body', async () => {
    const problems: string[] = [];
    for (const [key, run] of Object.entries(CASES)) {
      const [method, path] = key.split(' ') as [string, string];
      const op = document.paths[path]?.[method.toLowerCase()];
      if (!op) continue;
      const live = await run();
      if (live.status !== live.expected)
        problems.push(`${key}: ${live.status} where the case expects ${live.expected}: ${JSON.stringify(live.body).slice(0, 200)}`);
      problems.push(...disagreements(key, op, live));
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('answers the route as GPX with a media type the document names', async () => {
    const op = document.paths['/events/{id}/route']?.get as Operation;
    const live = await send(null, 'GET', `/api/events/${ids.event}/route?stands=${ids.stand}&start=${PLACE.latitude},${PLACE.longitude}&format=gpx`);
    expect(live.status).toBe(200);
    expect(disagreements('GET /events/{id}/route (GPX)', op, live)).toEqual([]);
  });

  it('answers errors as documented: an unknown market, a signed-out write, a malformed body', async () => {
    const problems: string[] = [];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const errorCases: [string, Live][] = [
      ['GET /events/{id}', await send(null, 'GET', `/api/events/${unknown}`)],
      ['GET /stands/{id}', await send(null, 'GET', `/api/stands/${unknown}`)],
      ['POST /events', await send(null, 'POST', '/api/events', eventBody())],
      ['POST /stands', await send(seller, 'POST', '/api/stands', { eventId: ids.event })],
      ['POST /events/{id}/guest-stands', await send(null, 'POST', `/api/events/${ids.event}/guest-stands`, { ...guestBody, guestFirstName: '' })],
    ];
    for (const [key, live] of errorCases) {
      const [method, path] = key.split(' ') as [string, string];
      expect(live.status, key).toBeGreaterThanOrEqual(400);
      problems.push(...disagreements(key, document.paths[path]?.[method.toLowerCase()] as Operation, live));
    }
    expect(problems).toEqual([]);
  });
});
