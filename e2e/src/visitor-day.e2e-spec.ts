import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MESSAGES, ROUTE_CALL_MESSAGES, type TRouteAnswer, type TStand } from '@flohmarkt/contracts';
import { planRoute } from '@flohmarkt/route-planner';
import { apiCall, mustCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { eventually } from './support/until.js';

/*
 * The visitor's day through the gateway (issue 19, server side): favourites kept per account and
 * dropped when their event or stand is deleted; "Meine Runde" in the order the shared planner gives,
 * as JSON and as GPX 1.1 read back with an XML parser; the limits (151 stops, unknown stands); the
 * live status on the event day (an event that starts now: today in Berlin) and its 403 outside it.
 */

let stack: TestStack;
let organiser: HttpSession & { id: string };
let exhibitor: HttpSession & { id: string };
let visitor: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let eventId: string;
let laterEventId: string;
const standIds: string[] = [];
let ownStandId: string;
let laterStandId: string;

const ADMIN_EMAIL = 'admin.runde@flohmarkt.example';
// Leipzig, Südvorstadt: stands a few hundred metres apart.
const CENTRE = { latitude: 51.3255, longitude: 12.3745 };
const SPOTS = [
  [51.3262, 12.3731],
  [51.3249, 12.3772],
  [51.3281, 12.376],
  [51.3238, 12.3719],
  [51.327, 12.379],
  [51.3229, 12.3755],
] as const;

const call = (who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);

const must = (who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer['body']> =>
  mustCall(stack.publicUrl, who, method, path, body);

const event = (name: string, startsInHours: number) => {
  const start = new Date(Date.now() + startsInHours * 3600_000);
  return {
    name,
    location: 'Südvorstadt, 04275 Leipzig',
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 4 * 3600_000).toISOString(),
    ...CENTRE,
  };
};
const standBody = (lat: number, lng: number) => ({
  description: 'Bücher, Platten und Spielzeug',
  categories: ['Bücher'],
  latitude: lat.toFixed(6),
  longitude: lng.toFixed(6),
});

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' } });
  [organiser, exhibitor, visitor, admin] = await Promise.all([
    signedInSession(stack.publicUrl, 'olga.runde@example.org', 'Olga', 'Organisatorin'),
    signedInSession(stack.publicUrl, 'erik.runde@example.org', 'Erik', 'Aussteller'),
    signedInSession(stack.publicUrl, 'vera.runde@example.org', 'Vera', 'Besucherin'),
    signedInSession(stack.publicUrl, ADMIN_EMAIL, 'Ada', 'Admin'),
  ]);
  // Starts now: its start date is today in Berlin, so today is its event day.
  eventId = (await must(organiser, 'POST', '/api/events', event('Hofflohmarkt Südvorstadt', 0))).id;
  laterEventId = (await must(organiser, 'POST', '/api/events', event('Herbstmarkt', 24 * 10))).id;
  for (const [lat, lng] of SPOTS) {
    const stand = await must(null, 'POST', `/api/events/${eventId}/guest-stands`, { guestFirstName: 'Gerda', ...standBody(lat, lng) });
    await must(organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
    standIds.push(stand.id);
  }
  ownStandId = (await must(exhibitor, 'POST', '/api/stands', { eventId, ...standBody(51.3258, 12.374) })).id;
  await must(organiser, 'PATCH', `/api/stands/${ownStandId}/approve-draft`);
  laterStandId = (await must(exhibitor, 'POST', '/api/stands', { eventId: laterEventId, ...standBody(51.3258, 12.374) })).id;
  await must(organiser, 'PATCH', `/api/stands/${laterStandId}/approve-draft`);
});

afterAll(async () => {
  await stack?.stop();
});

describe('favourites', () => {
  it('keeps what the browser merges after sign-in, idempotently, and only for that account', async () => {
    for (const path of [
      `/api/me/favourites/stands/${standIds[0]}`,
      `/api/me/favourites/stands/${standIds[1]}`,
      `/api/me/favourites/stands/${standIds[0]}`,
      `/api/me/favourites/events/${eventId}`,
    ]) {
      expect((await call(visitor, 'PUT', path)).status).toBe(204);
    }
    const kept = await call(visitor, 'GET', '/api/me/favourites');
    expect(kept.status).toBe(200);
    expect(kept.body.events).toEqual([eventId]);
    expect([...kept.body.stands].sort()).toEqual([standIds[0], standIds[1]].sort());
    expect((await call(exhibitor, 'GET', '/api/me/favourites')).body).toEqual({ events: [], stands: [], reminders: [] });
    expect((await call(visitor, 'DELETE', `/api/me/favourites/stands/${standIds[1]}`)).status).toBe(204);
    expect((await call(visitor, 'DELETE', `/api/me/favourites/stands/${standIds[1]}`)).status).toBe(204);
    expect((await call(visitor, 'GET', '/api/me/favourites')).body.stands).toEqual([standIds[0]]);
  });

  it('drops a deleted stand and a deleted event without errors', async () => {
    const goneEvent = (await must(organiser, 'POST', '/api/events', event('Markt, der ausfällt', 24 * 20))).id;
    const goneStand = (await must(null, 'POST', `/api/events/${eventId}/guest-stands`, { guestFirstName: 'Kurt', ...standBody(51.3245, 12.3735) })).id;
    await must(organiser, 'PATCH', `/api/stands/${goneStand}/approve-draft`);
    await must(visitor, 'PUT', `/api/me/favourites/events/${goneEvent}`);
    await must(visitor, 'PUT', `/api/me/favourites/stands/${goneStand}`);
    expect((await call(organiser, 'DELETE', `/api/stands/${goneStand}`)).status).toBeLessThan(300);
    expect((await call(admin, 'DELETE', `/api/events/${goneEvent}`)).status).toBe(204);
    await eventually(async () => {
      const { status, body } = await call(visitor, 'GET', '/api/me/favourites');
      expect(status).toBe(200);
      expect(body.events).not.toContain(goneEvent);
      expect(body.stands).not.toContain(goneStand);
    });
    // A browser merging its old list later changes nothing: the deleted ones stay out.
    expect((await call(visitor, 'PUT', `/api/me/favourites/stands/${goneStand}`)).status).toBe(204);
    expect((await call(visitor, 'GET', '/api/me/favourites')).body.stands).not.toContain(goneStand);
  });
});

describe('Meine Runde', () => {
  const START = '51.3250,12.3700';

  async function publicStops(ids: string[]) {
    const stands = (await must(null, 'GET', `/api/events/${eventId}/stands`)) as TStand[];
    return ids.map((id) => {
      const stand = stands.find((s) => s.id === id)!;
      return { id, lat: Number(stand.latitude), lng: Number(stand.longitude) };
    });
  }

  it("answers the shared planner's order and length, and the same round as GPX 1.1", async () => {
    const query = `stands=${standIds.join(',')}&start=${START}&mode=walk&loop=true`;
    const answer = await call(null, 'GET', `/api/events/${eventId}/route?${query}`);
    expect(answer.status).toBe(200);
    const route = answer.body as TRouteAnswer;
    // The service plans the set, whatever order the link lists it in (so one kept answer serves every
    // order): the stops go to the planner sorted by id.
    const expected = planRoute({ stops: await publicStops([...standIds].sort()), start: { lat: 51.325, lng: 12.37 }, loop: true, mode: 'walk' });
    expect(route.order).toEqual(expected.order);
    expect(route.distanceM).toBe(expected.distanceM);
    expect(route.legs).toHaveLength(standIds.length + 1);
    expect(route.mapsLinks.length).toBeGreaterThan(0);
    expect(route.skipped).toEqual([]);

    const res = await fetch(`${stack.publicUrl}/api/events/${eventId}/route?${query}&format=gpx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/gpx\+xml/);
    const gpx = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await res.text());
    expect(gpx.gpx.version).toBe('1.1');
    const waypoints = gpx.gpx.wpt as { lat: string; lon: string; name: string; desc: string }[];
    const stops = await publicStops(route.order);
    // Every stand once, in the order of the JSON answer.
    expect(waypoints).toHaveLength(standIds.length);
    waypoints.forEach((wpt, i) => {
      expect(Number(wpt.lat)).toBeCloseTo(stops[i]!.lat, 6);
      expect(Number(wpt.lon)).toBeCloseTo(stops[i]!.lng, 6);
      // Named by the stand's label, as the JSON's stops say it; the description holds the place in the round (issue 33).
      expect(wpt.name).toBe(route.stops[i]!.label);
      expect(wpt.desc).toMatch(new RegExp(`^${i + 1}\\. Halt: ${route.stops[i]!.label}`));
    });
    const track = gpx.gpx.trk.trkseg.trkpt as { lat: string; lon: string }[];
    expect(track).toHaveLength(standIds.length + 2);
  });

  it('refuses 151 stops and a stand that is not a public stand of the event (400, German)', async () => {
    const many = Array.from({ length: 151 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await call(null, 'GET', `/api/events/${eventId}/route?stands=${many.join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/höchstens 150 Stände/);
    const unknown = await call(null, 'GET', `/api/events/${eventId}/route?stands=${standIds[0]},${laterStandId}`);
    expect(unknown).toEqual({ status: 400, body: { message: ROUTE_CALL_MESSAGES.unknownStand } });
  });
});

describe('live status on the event day', () => {
  it('is set by the owner today, read by everyone, and the route skips a closed stand', async () => {
    expect((await call(null, 'GET', `/api/stands/${ownStandId}`)).body).toMatchObject({ liveState: null });
    const set = await call(exhibitor, 'PATCH', `/api/stands/${ownStandId}/live`, { state: 'closed' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: ownStandId, liveState: 'closed' });
    const read = await call(null, 'GET', `/api/stands/${ownStandId}`);
    expect(read.body.liveState).toBe('closed');
    expect(Date.parse(read.body.liveUpdatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const listed = ((await call(null, 'GET', `/api/events/${eventId}/stands`)).body as TStand[]).find((s) => s.id === ownStandId);
    expect(listed?.liveState).toBe('closed');
    expect((await call(visitor, 'PATCH', `/api/stands/${ownStandId}/live`, { state: 'open' })).status).toBe(403);

    const route = await call(null, 'GET', `/api/events/${eventId}/route?stands=${standIds[0]},${ownStandId},${standIds[2]}&start=51.3250,12.3700`);
    expect(route.status).toBe(200);
    expect(route.body.skipped).toEqual([ownStandId]);
    expect(route.body.order).not.toContain(ownStandId);

    expect((await call(organiser, 'PATCH', `/api/stands/${ownStandId}/live`, { state: 'open' })).body.liveState).toBe('open');
  });

  it('is refused outside the event day with a German 403', async () => {
    const refused = await call(exhibitor, 'PATCH', `/api/stands/${laterStandId}/live`, { state: 'open' });
    expect(refused).toEqual({ status: 403, body: { message: LIVE_MESSAGES.outsideEventDay } });
    expect((await call(null, 'GET', `/api/stands/${laterStandId}`)).body.liveState).toBeNull();
  });
});
