import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * The address search finds the streets of stands shown at their exact position (issue 22, item 3;
 * docs/adr/0014-address-search-street-index.md) through the whole stack: the stands service looks up a
 * stand's street in the background (through events' geocoder, here a stand-in for Nominatim's /reverse),
 * announces the street of a stand the public sees exactly (StandStreetChanged through its outbox), and
 * the events service's street index answers GET /api/geocode with it. The stand-in's /search finds
 * nothing, so every street below comes from the index. A stand shown approximately gives no street; the
 * switch to approximate and the deletion take the street out again.
 */

const DAY = 24 * 3600 * 1000;
const MARKET = { latitude: 52.4895, longitude: 13.3935 };
/** Streets of Kreuzberg by latitude, as the stand-in names them; no event is on any of them. */
const ROADS = [
  { road: 'Zossener Straße', postcode: '10961', at: { latitude: 52.4935, longitude: 13.3949 } },
  { road: 'Solmsstraße', postcode: '10961', at: { latitude: 52.4882, longitude: 13.393 } },
  { road: 'Nostitzstraße', postcode: '10961', at: { latitude: 52.4915, longitude: 13.3912 } },
] as const;
const [ZOSSENER, SOLMS, NOSTITZ] = ROADS;

let stack: TestStack;
let geocoder: Server;
let organizer: HttpSession & { id: string };
let eventId: string;

const call = (who: HttpSession | null, method: string, pathname: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, who, method, pathname, body);

/** What the public search box is offered for a query. */
const suggestions = async (q: string): Promise<string[]> => {
  const res = await call(null, 'GET', `/api/geocode?q=${encodeURIComponent(q)}&limit=10`);
  expect(res.status).toBe(200);
  return (res.body as { displayName: string }[]).map((r) => r.displayName);
};
const shownAs = (road: (typeof ROADS)[number]) => `${road.road}, ${road.postcode} Berlin`;

/** The organiser's overview names a stand's street once the background lookup found it. */
const overviewStreets = async (): Promise<string[]> =>
  ((await call(organizer, 'GET', `/api/events/${eventId}/stand-overview`)).body.areas as { name: string; kind: string }[])
    .filter((a) => a.kind === 'street')
    .map((a) => a.name)
    .sort();

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname !== '/reverse') {
      res.end('[]');
      return;
    }
    const lat = Number(url.searchParams.get('lat'));
    const { road, postcode } = ROADS.find((r) => Math.abs(r.at.latitude - lat) < 0.0005) ?? { road: 'Bergmannstraße', postcode: '10961' };
    res.end(
      JSON.stringify({
        place_id: 1,
        display_name: `${road}, Kreuzberg, Berlin, ${postcode}, Deutschland`,
        address: { road, suburb: 'Kreuzberg', city: 'Berlin', postcode, country: 'Deutschland', country_code: 'de' },
      }),
    );
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  stack = await startTestStack({
    appEnv: {
      events: {
        GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
        GEOCODER_USER_AGENT: 'Flohmarkt-E2E/1.0 (+https://flohmarkt.example)',
      },
      stands: { STREET_LOOKUP_SECONDS: '1' },
    },
  });
  organizer = await signedInSession(stack.publicUrl, 'orga.suche@example.org', 'Olga', 'Organisatorin');
  const created = await call(organizer, 'POST', '/api/events', {
    name: 'Straßenflohmarkt Bergmannkiez',
    location: 'Bergmannstraße, 10961 Berlin',
    startDateTime: new Date(Date.now() + 14 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 14 * DAY + 6 * 3600 * 1000).toISOString(),
    ...MARKET,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => geocoder?.close(resolve));
});

/** A seller's approved stand at a street's position, shown exactly or approximately. */
async function approvedStand(email: string, road: (typeof ROADS)[number], locationPrecision: 'exact' | 'approximate') {
  const seller = await signedInSession(stack.publicUrl, email, 'Sina', 'Verkäuferin');
  const registered = await call(seller, 'POST', '/api/stands', {
    eventId,
    description: 'Bücher, Platten und Geschirr aus dem Keller',
    categories: ['Bücher'],
    ...road.at,
    locationPrecision,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const approved = await call(organizer, 'PATCH', `/api/stands/${registered.body.id}/approve-draft`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { seller, id: registered.body.id as string, description: registered.body.description as string, categories: registered.body.categories as string[] };
}

describe("the stands' streets in the address search", () => {
  let exact: Awaited<ReturnType<typeof approvedStand>>;
  let deleted: Awaited<ReturnType<typeof approvedStand>>;

  it('finds the street of a stand shown at its exact position, never the street of one shown approximately', async () => {
    expect(await suggestions('Zossener Straße')).not.toContain(shownAs(ZOSSENER));
    // The approximate stand first: its street is looked up first, so it would be announced before the exact one's.
    await approvedStand('sina.ungefaehr@example.org', SOLMS, 'approximate');
    exact = await approvedStand('sina.genau@example.org', ZOSSENER, 'exact');

    await expect.poll(() => suggestions('zossener strasse'), { timeout: 30_000, interval: 500 }).toContain(shownAs(ZOSSENER));
    const [hit] = (await call(null, 'GET', `/api/geocode?q=${encodeURIComponent('Zossener Str. 10961')}&limit=5`)).body as {
      displayName: string;
      lat: number;
      lng: number;
    }[];
    expect(hit).toMatchObject({ displayName: shownAs(ZOSSENER), lat: ZOSSENER.at.latitude, lng: ZOSSENER.at.longitude });

    // The approximate stand's street is known to the stands service (the organiser sees it) but never searchable.
    await expect.poll(overviewStreets, { timeout: 30_000, interval: 500 }).toEqual(['Solmsstraße', 'Zossener Straße']);
    expect(await suggestions('Solmsstraße')).not.toContain(shownAs(SOLMS));
  });

  it('takes the street out when the stand switches to approximate', async () => {
    const edited = await call(exact.seller, 'PUT', `/api/stands/${exact.id}`, {
      description: exact.description,
      categories: exact.categories,
      ...ZOSSENER.at,
      locationPrecision: 'approximate',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expect.poll(() => suggestions('Zossener Straße'), { timeout: 30_000, interval: 500 }).not.toContain(shownAs(ZOSSENER));
    expect(await suggestions('Solmsstraße')).not.toContain(shownAs(SOLMS));
  });

  it('takes the street out when the stand is deleted', async () => {
    deleted = await approvedStand('sina.geloescht@example.org', NOSTITZ, 'exact');
    await expect.poll(() => suggestions('Nostitzstraße'), { timeout: 30_000, interval: 500 }).toContain(shownAs(NOSTITZ));
    expect((await call(deleted.seller, 'DELETE', `/api/stands/${deleted.id}`)).status).toBe(204);
    await expect.poll(() => suggestions('Nostitzstraße'), { timeout: 30_000, interval: 500 }).not.toContain(shownAs(NOSTITZ));
    // The market's own street stays: it is the event's address.
    expect(await suggestions('Bergmannstraße')).toContain('Bergmannstraße, 10961 Berlin');
  });
});
