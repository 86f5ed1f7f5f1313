import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { In, type DataSource } from 'typeorm';
import { parseCallQuery } from '@flohmarkt/server-kit';
import { ITEM_MESSAGES, SEARCH_ITEMS, haversineKm, type TItemSearchHit } from '@flohmarkt/contracts';
import { cellCentre } from '../privacy/location-cell.js';
import { positionHidden } from '../privacy/stand-privacy.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { FixedClock, eventsReadModel } from '../testing/fixtures.js';
import { ItemSearch, itemSearchStatement, type SearchWay } from './item-search.js';
import { searchTsquery } from './search-terms.js';
import { ItemSearchController } from './item-search.controller.js';

/*
 * The search across markets (issue 35) on a real PostgreSQL: rows seeded directly, asked through the
 * controller as the gateway would, with the privacy clock fixed before the markets' days.
 */

// The privacy clock, before the markets' days.
const clock = new FixedClock(new Date('2026-06-01T10:00:00.000Z'));

// Köln Dom; a market 1 km south, one 30 km away (Bonn-ish).
const HERE = { lat: 50.9413, lng: 6.9583 };
let ds: DataSource;
let controller: ItemSearchController;
let presenter: StandPresenter;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  presenter = new StandPresenter(new UserNamesReadModel(ds), new PhotoStatesReadModel(ds), ds, eventsReadModel(ds), clock);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.items, stands.stands, stands.event_facts, stands.search_words, stands.user_names');
  // A new search each test: it keeps words' tsqueries, and the TRUNCATE above empties a vocabulary
  // that in the product only grows.
  controller = new ItemSearchController(new ItemSearch(ds, clock));
});

async function market(options: { start?: string; end?: string; status?: string; deleted?: boolean; name?: string } = {}): Promise<string> {
  const id = randomUUID();
  await ds.query(
    `INSERT INTO event_facts (event_id, organizer_id, latitude, longitude, start_date_time, end_date_time, allow_stand_registration, name, location, status, deleted, version)
     VALUES ($1, $2, '50.93', '6.95', $3, $4, true, $5, 'Köln', $6, $7, 1)`,
    [
      id,
      randomUUID(),
      options.start ?? '2026-06-13T08:00:00.000Z',
      options.end ?? '2026-06-13T15:00:00.000Z',
      options.name ?? 'Flohmarkt Sülz',
      options.status ?? 'planned',
      options.deleted ?? false,
    ],
  );
  return id;
}

let numbers = 0;
async function stand(
  eventId: string,
  options: { lat?: number; lng?: number; status?: string; approximate?: boolean; description?: string; address?: boolean } = {},
): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO stands (event_id, exhibitor_id, stand_number, description, latitude, longitude, status, location_precision,
                         address_street, address_house_number, address_postcode, address_town)
     VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      eventId,
      options.address ? null : String(++numbers),
      options.description ?? null,
      options.lat ?? 50.932,
      options.lng ?? 6.95,
      options.status ?? 'approved',
      options.approximate ? 'approximate' : 'exact',
      ...(options.address ? ['Hohe Straße', '12a', '50667', 'Köln'] : [null, null, null, null]),
    ],
  )) as { id: string }[];
  return row.id;
}

async function item(standId: string, title: string, options: { category?: string; status?: string } = {}): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO items (stand_id, title, price_kind, price_cents, category, status) VALUES ($1, $2, 'fixed', 500, $3, $4) RETURNING id`,
    [standId, title, options.category ?? 'Sonstiges', options.status ?? 'available'],
  )) as { id: string }[];
  return row.id;
}

async function search(query: Record<string, string>): Promise<{ hits: TItemSearchHit[]; total: number }> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const hits = await controller.find({ lat: String(HERE.lat), lng: String(HERE.lng), ...query }, res as never);
  return { hits, total: Number(headers['X-Total-Count']) };
}

const titles = (hits: TItemSearchHit[]) => hits.map((h) => h.item?.title ?? null);

/** The cell centre of a point as numbers, as the stand's public read shows it. */
function centreOf(lat: number, lng: number) {
  const centre = cellCentre(lat, lng);
  return { lat: Number(centre.latitude), lng: Number(centre.longitude) };
}

/**
 * A point near the circle of `radiusKm` around HERE whose own distance and whose cell centre's
 * distance lie on either side of it: `inside` the one measured from `inside` ('own' or 'centre').
 * Walks outwards in 5 m steps along several bearings: where the circle crosses a cell decides which.
 */
function pointAcrossTheCircle(radiusKm: number, inside: 'own' | 'centre') {
  const kmPerLngDegree = 111.32 * Math.cos((HERE.lat * Math.PI) / 180);
  for (let bearing = 0; bearing < 360; bearing += 7) {
    const [north, east] = [Math.cos((bearing * Math.PI) / 180), Math.sin((bearing * Math.PI) / 180)];
    for (let km = radiusKm - 0.3; km < radiusKm + 0.3; km += 0.005) {
      const point = { lat: HERE.lat + (north * km) / 111.32, lng: HERE.lng + (east * km) / kmPerLngDegree };
      const own = haversineKm(HERE, point);
      const centre = haversineKm(HERE, centreOf(point.lat, point.lng));
      const [inner, outer] = inside === 'own' ? [own, centre] : [centre, own];
      if (inner < radiusKm - 0.01 && outer > radiusKm + 0.01) return { lat: Number(point.lat.toFixed(8)), lng: Number(point.lng.toFixed(8)) };
    }
  }
  throw new Error('no such point near the circle');
}

describe('GET /api/items/search', () => {
  it('finds a singular by its plural, whatever the case, and ß by ss', async () => {
    const s = await stand(await market());
    await item(s, 'Kinderfahrrad 20 Zoll');
    await item(s, 'Schild Hauptstraße');
    expect(titles((await search({ q: 'Kinderfahrräder' })).hits)).toEqual(['Kinderfahrrad 20 Zoll']);
    expect(titles((await search({ q: 'KINDERFAHRRAD' })).hits)).toEqual(['Kinderfahrrad 20 Zoll']);
    expect(titles((await search({ q: 'hauptstrasse' })).hits)).toEqual(['Schild Hauptstraße']);
  });

  it('finds the compounds ending in a word: „Fahrrad“ finds „Damenfahrrad“ and „Kinderfahrrad“, not a word that only begins with it', async () => {
    const s = await stand(await market());
    await item(s, 'Damenfahrrad 28 Zoll');
    await item(s, 'Kinderfahrrad mit Stützrädern');
    await item(s, 'Fahrradkorb aus Weide');
    await item(s, 'Rad-Ersatzteile');
    expect(titles((await search({ q: 'Fahrrad' })).hits).sort()).toEqual(['Damenfahrrad 28 Zoll', 'Kinderfahrrad mit Stützrädern']);
    expect(titles((await search({ q: 'Fahrräder' })).hits).sort()).toEqual(['Damenfahrrad 28 Zoll', 'Kinderfahrrad mit Stützrädern']);
    // A word of three letters stays whole: „Rad“ would stand in for every Fahrrad and Motorrad.
    expect(titles((await search({ q: 'Rad' })).hits)).toEqual(['Rad-Ersatzteile']);
    // Every word of the text must still match, a compound standing in for its ending.
    expect(titles((await search({ q: 'Fahrrad Zoll' })).hits)).toEqual(['Damenfahrrad 28 Zoll']);
  });

  it('forgives one typo in a word of five letters or more, not in a shorter one', async () => {
    const s = await stand(await market());
    await item(s, 'Spielzeug aus Holz');
    await item(s, 'Tasse');
    await item(s, 'Tor');
    expect(titles((await search({ q: 'Spielzueg' })).hits)).toEqual(['Spielzeug aus Holz']);
    expect(titles((await search({ q: 'Spielzeug Hloz' })).hits)).toEqual([]);
    expect(titles((await search({ q: 'Taase' })).hits)).toEqual(['Tasse']);
    expect(titles((await search({ q: 'Tro' })).hits)).toEqual([]);
  });

  it('finds a word as written once an item brings it, after a search had taken it for a typo', async () => {
    const s = await stand(await market());
    await item(s, 'Gitarre mit Koffer');
    expect(titles((await search({ q: 'Gitare' })).hits)).toEqual(['Gitarre mit Koffer']);
    await item(s, 'Gitare, Konzertgröße');
    expect(titles((await search({ q: 'Gitare' })).hits)).toEqual(['Gitare, Konzertgröße']);
    // A text without a looked-up word is kept, and still finds what is listed after it.
    expect(titles((await search({ q: 'Koffer' })).hits)).toEqual(['Gitarre mit Koffer']);
    await item(s, 'Koffer aus Leder');
    expect(titles((await search({ q: 'Koffer' })).hits).sort()).toEqual(['Gitarre mit Koffer', 'Koffer aus Leder']);
  });

  it('leaves out sold items, pending stands, and cancelled, deleted or past markets; shows held items', async () => {
    const upcoming = await market();
    await item(await stand(upcoming), 'Lampe reserviert', { status: 'held' });
    await item(await stand(upcoming), 'Lampe verkauft', { status: 'sold' });
    await item(await stand(upcoming, { status: 'pending' }), 'Lampe angemeldet');
    await item(await stand(await market({ status: 'cancelled' })), 'Lampe abgesagt');
    await item(await stand(await market({ deleted: true })), 'Lampe gelöscht');
    await item(await stand(await market({ start: '2026-05-30T08:00:00.000Z', end: '2026-05-30T15:00:00.000Z' })), 'Lampe vorbei');
    expect(titles((await search({ q: 'Lampe' })).hits)).toEqual(['Lampe reserviert']);
  });

  it('keeps to the radius and to the market days from/to', async () => {
    const june13 = await market();
    const june20 = await market({ start: '2026-06-20T08:00:00.000Z', end: '2026-06-20T15:00:00.000Z', name: 'Später' });
    await item(await stand(june13), 'Radio nah');
    await item(await stand(june13, { lat: 50.7374, lng: 7.0982 }), 'Radio weit');
    await item(await stand(june20), 'Radio später');
    expect(titles((await search({ q: 'Radio' })).hits).sort()).toEqual(['Radio nah', 'Radio später']);
    expect(titles((await search({ q: 'Radio', radiusKm: '30' })).hits).sort()).toEqual(['Radio nah', 'Radio später', 'Radio weit']);
    expect(titles((await search({ q: 'Radio', from: '2026-06-14' })).hits)).toEqual(['Radio später']);
    expect(titles((await search({ q: 'Radio', to: '2026-06-13' })).hits)).toEqual(['Radio nah']);
    const [hit] = (await search({ q: 'Radio', to: '2026-06-13' })).hits;
    expect(hit.event).toMatchObject({ id: june13, name: 'Flohmarkt Sülz', location: 'Köln', startDateTime: '2026-06-13T08:00:00.000Z' });
  });

  it('ranks by relevance, then by distance, and pages with the total in X-Total-Count', async () => {
    const id = await market();
    await item(await stand(id, { lat: 50.94, lng: 6.958 }), 'Teller');
    await item(await stand(id, { lat: 50.92, lng: 6.958 }), 'Teller Teller Teller');
    await item(await stand(id, { lat: 50.93, lng: 6.958 }), 'Teller');
    const all = await search({ q: 'Teller' });
    expect(all.total).toBe(3);
    expect(titles(all.hits)).toEqual(['Teller Teller Teller', 'Teller', 'Teller']);
    expect(all.hits[1].distanceKm).toBeLessThan(all.hits[2].distanceKm);
    const first = await search({ q: 'Teller', limit: '2' });
    const second = await search({ q: 'Teller', limit: '2', offset: '2' });
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.hits, ...second.hits]).toEqual(all.hits);
  });

  it('finds a stand by its description, with item null', async () => {
    const s = await stand(await market(), { description: 'Viele Schallplatten aus den Siebzigern' });
    const { hits } = await search({ q: 'Schallplatte' });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ item: null, stand: { id: s, locationApproximate: false } });
  });

  it('shows an approximate stand at its cell centre before the day, without its house number, measured from there', async () => {
    const s = await stand(await market(), { approximate: true, address: true, lat: 50.93214567, lng: 6.95123456 });
    await item(s, 'Nähmaschine');
    const [hit] = (await search({ q: 'Nähmaschine' })).hits;
    const centre = cellCentre(50.93214567, 6.95123456);
    expect(hit.stand).toEqual({
      id: s,
      label: 'Hohe Straße',
      latitude: Number(centre.latitude),
      longitude: Number(centre.longitude),
      locationApproximate: true,
    });
    expect(hit.distanceKm).toBeCloseTo(haversineKm(HERE, { lat: Number(centre.latitude), lng: Number(centre.longitude) }), 3);
    // The house number and the own point nowhere (ids are random hex: "12a" is sought as the house number only).
    expect(JSON.stringify(hit)).not.toMatch(/Straße 12a|"12a"|50\.932145/);
  });

  it("names and places each hit's stand exactly as the stand's public read does", async () => {
    const eventId = await market();
    const seller = randomUUID();
    const privateSeller = randomUUID();
    await ds.query(
      `INSERT INTO user_names (user_id, first_name, last_name, email, profile_public, version) VALUES ($1, 'Vico', 'Verkäufer', 'v@example.org', true, 1), ($2, 'Nora', 'Nachtigall', 'n@example.org', true, 1)`,
      [seller, privateSeller],
    );
    const stands = [
      await stand(eventId, { address: true }),
      await stand(eventId, { approximate: true, address: true }),
      await stand(eventId),
      await stand(eventId),
      await stand(eventId),
    ];
    // Without number or address, a stand is named by its holder: a seller, a seller behind their number, a guest.
    await ds.query(`UPDATE stands SET stand_number = NULL, exhibitor_id = $2 WHERE id = $1`, [stands[2], seller]);
    await ds.query(`UPDATE stands SET stand_number = NULL, exhibitor_id = $2, name_display = 'number' WHERE id = $1`, [stands[3], privateSeller]);
    await ds.query(`UPDATE stands SET stand_number = NULL, guest_first_name = 'Gerda', guest_last_name = 'Gast' WHERE id = $1`, [stands[4]]);
    for (const id of stands) await item(id, 'Kaffeemühle');
    const { hits } = await search({ q: 'Kaffeemühle' });
    const reads = await presenter.many(await ds.getRepository(StandEntity).findBy({ id: In(stands) }));
    const expected = reads.map((read) => ({
      id: read.id,
      label: read.label,
      latitude: read.latitude === null ? null : Number(read.latitude),
      longitude: read.longitude === null ? null : Number(read.longitude),
      locationApproximate: read.locationApproximate === true,
    }));
    expect(hits.map((hit) => hit.stand)).toEqual(expect.arrayContaining(expected));
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.stand.label).sort()).toEqual(['Gerda G.', 'Hohe Straße', 'Hohe Straße 12a', 'Stand ohne Nummer', 'Vico V.']);
    expect(JSON.stringify(hits)).not.toMatch(/Nora|Nachtigall/);
  });

  it('measures an approximate stand at its cell centre: just outside by it is left out, just inside by it is found', async () => {
    const id = await market();
    const outside = pointAcrossTheCircle(5, 'own');
    const inside = pointAcrossTheCircle(5, 'centre');
    await item(await stand(id, { approximate: true, lat: outside.lat, lng: outside.lng }), 'Sessel außen');
    await item(await stand(id, { approximate: true, lat: inside.lat, lng: inside.lng }), 'Sessel innen');
    const { hits, total } = await search({ q: 'Sessel', radiusKm: '5' });
    expect(titles(hits)).toEqual(['Sessel innen']);
    expect(total).toBe(1);
    expect(hits[0].distanceKm).toBeCloseTo(haversineKm(HERE, centreOf(inside.lat, inside.lng)), 3);
    expect(hits[0].distanceKm).toBeLessThan(5);
  });

  it('measures an approximate stand at its own point from 00:00 Berlin of the market day', async () => {
    // The clock reads 2026-06-01 12:00 Berlin: a market of that day shows its stands where they are.
    const today = await market({ start: '2026-06-01T08:00:00.000Z', end: '2026-06-01T15:00:00.000Z' });
    const point = pointAcrossTheCircle(5, 'own');
    await item(await stand(today, { approximate: true, lat: point.lat, lng: point.lng }), 'Sessel heute');
    const [hit] = (await search({ q: 'Sessel', radiusKm: '5' })).hits;
    expect(hit.stand).toMatchObject({ latitude: point.lat, longitude: point.lng, locationApproximate: false });
    expect(hit.distanceKm).toBeCloseTo(haversineKm(HERE, point), 3);
  });

  it('orders items and stand descriptions together by relevance, then distance, and counts past the last page', async () => {
    const id = await market();
    // One occurrence ranks alike wherever it stands, so those hits follow by distance: near, middle, far.
    const near = await stand(id, { lat: 50.9413, lng: 6.9603 });
    const middle = await stand(id, { lat: 50.93, lng: 6.9583, description: 'Globus und Karten' });
    const far = await stand(id, { lat: 50.9013, lng: 6.9583 });
    await item(far, 'Globus Globus beleuchtet');
    await item(far, 'Globus klein');
    await item(near, 'Globus groß', { category: 'Deko' });
    await item(near, 'Globus verkauft', { status: 'sold' });
    const all = await search({ q: 'Globus' });
    expect(all.total).toBe(4);
    expect(all.hits.map((h) => [h.item?.title ?? null, h.stand.id])).toEqual([
      ['Globus Globus beleuchtet', far],
      ['Globus groß', near],
      [null, middle],
      ['Globus klein', far],
    ]);
    expect(all.hits.map((h) => h.distanceKm)).toEqual(
      all.hits.map((h) => Math.round(haversineKm(HERE, { lat: Number(h.stand.latitude), lng: Number(h.stand.longitude) }) * 1000) / 1000),
    );
    const pages = [await search({ q: 'Globus', limit: '3' }), await search({ q: 'Globus', limit: '3', offset: '3' })];
    expect(pages.flatMap((p) => p.hits)).toEqual(all.hits);
    expect(await search({ q: 'Globus', offset: '10' })).toEqual({ hits: [], total: 4 });
  });

  it('answers the same pages whether PostgreSQL starts from the text or from the stands in the box', async () => {
    const id = await market();
    const later = await market({ start: '2026-06-20T08:00:00.000Z', end: '2026-06-20T15:00:00.000Z' });
    const across = [pointAcrossTheCircle(5, 'own'), pointAcrossTheCircle(5, 'centre')];
    for (const [n, point] of across.entries()) await item(await stand(id, { approximate: true, ...point }), `Truhe Rand ${n}`);
    // Without a point of its own: at its market's point (50.93, 6.95).
    const [pointless] = (await ds.query(
      `INSERT INTO stands (event_id, stand_number, status, description) VALUES ($1, 'x', 'approved', 'Truhe aus Eiche') RETURNING id`,
      [later],
    )) as { id: string }[];
    await item(pointless.id, 'Truhe klein');
    await item(await stand(id, { lat: 50.95, lng: 6.97 }), 'Truhe Truhe');
    await item(await stand(id, { lat: 50.96, lng: 6.99, status: 'pending' }), 'Truhe angemeldet');
    const pages = async (way: SearchWay, params: Record<string, string>) => {
      const query = parseCallQuery(SEARCH_ITEMS, { lat: String(HERE.lat), lng: String(HERE.lng), ...params });
      const tsquery = await searchTsquery(ds.manager, query.q);
      const { sql, parameters } = itemSearchStatement(tsquery!, query, new FixedClock().now(), way);
      return ds.query(sql, parameters) as Promise<unknown[]>;
    };
    const asked: Record<string, string>[] = [
      { q: 'Truhe', radiusKm: '5' },
      { q: 'Truhe', radiusKm: '5', limit: '2', offset: '1' },
      { q: 'Truhe', radiusKm: '5', offset: '9' },
      { q: 'Truhe', radiusKm: '5', from: '2026-06-14' },
    ];
    for (const params of asked) {
      const byBox = await pages('box', params);
      expect(await pages('text', params)).toEqual(byBox);
      expect(byBox.length).toBeGreaterThan(0);
    }
    const all = await search({ q: 'Truhe', radiusKm: '5' });
    expect(all.total).toBe(4);
    expect(all.hits[0].item?.title).toBe('Truhe Truhe');
    expect(all.hits.map((h) => h.item?.title ?? 'Beschreibung').sort()).toEqual(['Beschreibung', 'Truhe Rand 1', 'Truhe Truhe', 'Truhe klein']);
  });

  it('finds the public point in SQL exactly as the stand read shows it, for many points and both sides of midnight', async () => {
    // stand_public_point (migration ItemSearchOrder) against cellCentre and positionHidden, the stand read's rule.
    const start = '2026-06-13T08:00:00.000Z';
    const moments = ['2026-06-12T21:59:59.000Z', '2026-06-12T22:00:00.000Z'];
    const points = Array.from({ length: 2000 }, (_, i) => ({
      lat: Number((47.3 + ((i * 7919) % 2000) * 0.0038 + Math.random() * 0.001).toFixed(8)),
      lng: Number((5.9 + ((i * 104729) % 2000) * 0.0045 + Math.random() * 0.001).toFixed(8)),
    }));
    for (const at of moments) {
      const rows = (await ds.query(
        `SELECT p."lat", p."lng" FROM unnest($1::numeric[], $2::numeric[]) WITH ORDINALITY AS u("lat", "lng", "n")
           CROSS JOIN LATERAL "stand_public_point"(u."lat", u."lng", 'approximate', $3::timestamptz, '50.1', '8.6', $4::timestamptz) p
         ORDER BY u."n"`,
        [points.map((p) => p.lat), points.map((p) => p.lng), start, at],
      )) as { lat: number; lng: number }[];
      const hidden = positionHidden({ startDateTime: start }, new Date(at));
      expect(rows).toEqual(points.map((p) => (hidden ? centreOf(p.lat, p.lng) : p)));
    }
    expect(positionHidden({ startDateTime: start }, new Date(moments[0]))).toBe(true);
    expect(positionHidden({ startDateTime: start }, new Date(moments[1]))).toBe(false);
    const [exact, pointless] = (await ds.query(
      `SELECT (SELECT row_to_json(p) FROM "stand_public_point"(50.93214567, 6.95123456, 'exact', $1::timestamptz, '50.1', '8.6', $2::timestamptz) p) AS "exact"
       UNION ALL SELECT (SELECT row_to_json(p) FROM "stand_public_point"(NULL, NULL, 'approximate', $1::timestamptz, '50.1', '8.6', $2::timestamptz) p)`,
      [start, moments[0]],
    )) as { exact: { lat: number; lng: number } }[];
    expect(exact.exact).toEqual({ lat: 50.93214567, lng: 6.95123456 });
    expect(pointless.exact).toEqual({ lat: 50.1, lng: 8.6 });
  });

  it('answers a too short query with the German 400, and hostile text without failing', async () => {
    await expect(search({ q: ' a ' })).rejects.toMatchObject({ status: 400, message: ITEM_MESSAGES.queryTooShort });
    await expect(search({ q: 'x', radiusKm: '80' })).rejects.toMatchObject({ status: 400 });
    const s = await stand(await market());
    await item(s, "Puppe 'Anna'");
    for (const q of ["Puppe'", 'Puppe & | !', 'Pu:*', "'' \\ & !:* |", '!!!', 'und der']) {
      await expect(search({ q })).resolves.toMatchObject({ total: expect.any(Number) });
    }
    expect(titles((await search({ q: "Puppe' & !Anna" })).hits)).toEqual(["Puppe 'Anna'"]);
  });
});
