import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { DataSource } from 'typeorm';
import { GET_EVENT_VIEWPORT, VALIDATION, VIEWPORT, ZEventMarker, berlinDay, type TBbox } from '@flohmarkt/contracts';
import { DomainError, parseCallQuery } from '@flohmarkt/server-kit';
import { EventsController } from '../events/events.controller.js';
import type { EventsService } from '../events/events.service.js';
import { EventSearch } from '../search/event-search.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { EventViewportSearch, type TViewportCounts, type TViewportFilter } from './event-viewport-search.js';
import { EventViewportMarkers } from './viewport-markers.js';

const NOW = new Date('2031-05-10T10:00:00Z');
const DAY = 86_400_000;
const GERMANY: TBbox = { minLng: 5.5, minLat: 47, maxLng: 15.5, maxLat: 55.2 };
const ORGANIZER = '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40';

interface TRow {
  lat: number | null;
  lng: number | null;
  start: Date;
  end: Date;
}

/** A deterministic spread: clumps around four cities, a thin scatter, a few without a place. */
function generated(count: number): TRow[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const cities = [
    [50.9375, 6.9603],
    [52.52, 13.405],
    [48.1372, 11.5755],
    [53.5511, 9.9937],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(NOW.getTime() + Math.floor((random() - 0.4) * 120) * DAY + Math.floor(random() * 10) * 3_600_000);
    const end = new Date(start.getTime() + (random() < 0.1 ? 2 * DAY : 6 * 3_600_000));
    if (i % 97 === 0) return { lat: null, lng: null, start, end };
    const city = cities[i % cities.length]!;
    const near = random() < 0.7;
    const lat = near ? city[0] + (random() - 0.5) * 0.6 : 47.3 + random() * 7.5;
    const lng = near ? city[1] + (random() - 0.5) * 0.9 : 5.9 + random() * 9;
    return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, start, end };
  });
}

const berlinMidnightToday = new Date('2031-05-09T22:00:00Z');

function matches(r: TRow, q: Pick<TViewportFilter, 'upcoming' | 'date'>): boolean {
  if (q.upcoming && r.end < berlinMidnightToday) return false;
  if (q.date) {
    const start = new Date(`${q.date}T00:00:00+02:00`);
    if (r.start < start || r.start.getTime() >= start.getTime() + DAY) return false;
  }
  return true;
}

const inBox = (r: TRow, b: TBbox) => r.lat !== null && r.lng !== null && r.lat >= b.minLat && r.lat <= b.maxLat && r.lng >= b.minLng && r.lng <= b.maxLng;

describe('GET /events/viewport counts (PostgreSQL)', () => {
  let fresh: FreshDatabase;
  let ds: DataSource;
  let search: EventViewportSearch;
  let rows: TRow[];

  async function insert(list: TRow[]): Promise<void> {
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      const values = chunk.map(
        (_, j) =>
          `('Flohmarkt', 'Marktplatz', $${j * 4 + 1}::numeric, $${j * 4 + 2}::numeric, $${j * 4 + 3}::timestamptz, $${j * 4 + 4}::timestamptz, '${ORGANIZER}')`,
      );
      await ds.query(
        `INSERT INTO events.events (name, location, latitude, longitude, start_date_time, end_date_time, organizer_id) VALUES ${values.join(',')}`,
        chunk.flatMap((r) => [r.lat, r.lng, r.start, r.end]),
      );
    }
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fresh = await freshEventsDatabase();
    ds = fresh.ds;
    search = new EventViewportSearch(ds);
    rows = generated(3000);
    await insert(rows);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  /** The generated events again, and only they, for a test that added, changed or deleted some (any order of tests). */
  async function restoreRows(): Promise<void> {
    await ds.query('DELETE FROM events.events');
    await insert(rows);
  }

  const boxes: Array<[string, TBbox, number]> = [
    ['Germany at zoom 6', GERMANY, 6],
    ['Germany at zoom 5', GERMANY, 5],
    ['the world at zoom 0', { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 }, 0],
    ['Köln at zoom 9', { minLng: 6.5, minLat: 50.7, maxLng: 7.4, maxLat: 51.15 }, 9],
    ['Köln at zoom 12', { minLng: 6.85, minLat: 50.88, maxLng: 7.07, maxLat: 50.99 }, 12],
    ['a thin slice across the country at zoom 7', { minLng: 6.01, minLat: 50.5, maxLng: 14.93, maxLat: 50.61 }, 7],
    ['Germany at zoom 16 (a huge box at a high zoom)', GERMANY, 16],
    // Wider than 1000 level-10 columns, edges on no cell border: the rim's strips span the whole width.
    ['a third of the world at zoom 17', { minLng: -40.198, minLat: 41.56257744, maxLng: 103.788, maxLat: 59.2382 }, 17],
    ['a third of the world at zoom 4', { minLng: -40.198, minLat: 41.56257744, maxLng: 103.788, maxLat: 59.2382 }, 4],
  ];

  it.each(boxes)('counts every event in view exactly once and the total anywhere (%s)', async (_name, bbox, zoom) => {
    for (const filters of [{}, { upcoming: true }, { date: '2031-05-17' }, { upcoming: true, date: '2031-05-09' }]) {
      const answer = await search.counts({ bbox, zoom, ...filters }, NOW);
      const wanted = rows.filter((r) => matches(r, filters));
      const inView = wanted.filter((r) => inBox(r, bbox));
      expect(answer.total, JSON.stringify(filters)).toBe(wanted.length);
      expect(answer.inView, JSON.stringify(filters)).toBe(inView.length);
      expect(answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(inView.length);
      for (const c of answer.clusters) {
        const [minLng, minLat, maxLng, maxLat] = c.bbox;
        expect(c.lat).toBeGreaterThanOrEqual(minLat - 1e-9);
        expect(c.lat).toBeLessThanOrEqual(maxLat + 1e-9);
        expect(c.lng).toBeGreaterThanOrEqual(minLng - 1e-9);
        expect(c.lng).toBeLessThanOrEqual(maxLng + 1e-9);
        expect(minLng).toBeGreaterThanOrEqual(bbox.minLng);
        expect(maxLat).toBeLessThanOrEqual(bbox.maxLat);
      }
      // Every event in view lies in the extent of some cluster.
      for (const r of inView.slice(0, 200)) {
        expect(answer.clusters.some((c) => r.lng! >= c.bbox[0] && r.lat! >= c.bbox[1] && r.lng! <= c.bbox[2] && r.lat! <= c.bbox[3])).toBe(true);
      }
    }
  });

  it('answers the events as markers (only the fields the map shows) from zoom 10 with at most 500 in view', async () => {
    const controller = new EventsController({} as EventsService, new EventSearch(ds), ds);
    const small = '6.9,50.9,7.0,50.96';
    const inSmall = rows.filter((r) => inBox(r, { minLng: 6.9, minLat: 50.9, maxLng: 7.0, maxLat: 50.96 })).length;
    expect(inSmall).toBeGreaterThan(3);
    expect(inSmall).toBeLessThanOrEqual(500);

    // A box smaller than any stored cell (a street at zoom 15; once a 500): counted from the events alone.
    const tinyBox = { minLng: 6.91473, minLat: 50.89992, maxLng: 6.94186, maxLat: 50.9107 };
    const tiny = await controller.inView({ bbox: Object.values(tinyBox).join(','), zoom: '15', upcoming: 'true' });
    expect(tiny).toMatchObject({ clustered: false, clusters: [] });
    expect(tiny.events).toHaveLength(tiny.inView);
    expect(tiny.inView).toBe(rows.filter((r) => inBox(r, tinyBox) && matches(r, { upcoming: true })).length);
    const listed = await controller.inView({ bbox: small, zoom: '13' });
    expect(listed).toMatchObject({ clustered: false, clusters: [], inView: inSmall, total: rows.length });
    expect(listed.events).toHaveLength(inSmall);
    for (const marker of listed.events) {
      expect(Object.keys(marker).sort()).toEqual(['id', 'latitude', 'location', 'longitude', 'name', 'startDateTime', 'status']);
      expect(ZEventMarker.strict().parse(marker)).toEqual(marker);
    }
    const starts = listed.events.map((e) => e.startDateTime);
    expect(starts).toEqual([...starts].sort());

    // The same box at the zoom of a found place lists them too; one level out it is clusters.
    expect(VIEWPORT.eventsMinZoom).toBe(10);
    const atTen = await controller.inView({ bbox: small, zoom: '10' });
    expect(atTen).toMatchObject({ clustered: false, clusters: [], inView: inSmall });
    expect(atTen.events).toEqual(listed.events);
    const zoomedOut = await controller.inView({ bbox: small, zoom: '9' });
    expect(zoomedOut).toMatchObject({ clustered: true, events: [], inView: inSmall });

    // The whole country at a street's zoom: clusters, never a list.
    const huge = await controller.inView({ bbox: '5.5,47,15.5,55.2', zoom: '18' });
    expect(huge.clustered).toBe(true);
    expect(huge.events).toEqual([]);
    expect(huge.clusters.length).toBeLessThanOrEqual(64 * 64);
    expect(huge.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(huge.inView);
  });

  it('lists at zoom 10 exactly the events in the box for each filter, read directly from the events', async () => {
    const markers = new EventViewportMarkers(ds);
    // Across level-10 cell borders (0.088° wide), none of them whole at the box's edges.
    const bbox: TBbox = { minLng: 13.31, minLat: 52.47, maxLng: 13.43, maxLat: 52.53 };
    const key = (lat: number, lng: number, start: string) => `${lat.toFixed(6)},${lng.toFixed(6)},${start}`;
    // A day on which the box has a market (the generated spread has a few a day there).
    const day = berlinDay(rows.find((r) => inBox(r, bbox))!.start);
    for (const filters of [{}, { upcoming: true }, { date: day }]) {
      const wanted = rows.filter((r) => inBox(r, bbox) && matches(r, filters));
      expect(wanted.length, JSON.stringify(filters)).toBeGreaterThan(0);
      const few = await markers.fewInView({ bbox, zoom: 10, ...filters }, NOW);
      const counts = await search.counts({ bbox, zoom: 10, ...filters }, NOW);
      expect(few?.markers.length, JSON.stringify(filters)).toBe(wanted.length);
      expect(counts.inView, JSON.stringify(filters)).toBe(wanted.length);
      expect(few?.total, JSON.stringify(filters)).toBe(counts.total);
      const listed = few!.markers.map((e) => key(Number(e.latitude), Number(e.longitude), e.startDateTime));
      expect(listed.sort(), JSON.stringify(filters)).toEqual(wanted.map((r) => key(r.lat!, r.lng!, r.start.toISOString())).sort());
    }
    const [first] = (await markers.fewInView({ bbox, zoom: 10 }, NOW))!.markers;
    await ds.query(`UPDATE events.events SET status = 'cancelled' WHERE id = $1`, [first!.id]);
    try {
      expect((await markers.fewInView({ bbox, zoom: 10 }, NOW))!.markers.find((e) => e.id === first!.id)?.status).toBe('cancelled');
    } finally {
      await ds.query(`UPDATE events.events SET status = $2 WHERE id = $1`, [first!.id, first!.status]);
    }
  });

  it('keeps the clusters of the finest stored cells for a crowd zoomed in, with the same exact counts', async () => {
    const box: TBbox = { minLng: 6.2, minLat: 50.55, maxLng: 7.7, maxLat: 51.3 };
    const own = await search.counts({ bbox: box, zoom: 11 }, NOW);
    const crowded = await new EventViewportSearch(ds, 100).counts({ bbox: box, zoom: 11 }, NOW);
    // More than a list (500), fewer than a crowd (5000): the zoom's own cells, and no markers.
    expect(own.inView).toBeGreaterThan(500);
    expect(await new EventViewportMarkers(ds).fewInView({ bbox: box, zoom: 11 }, NOW)).toBeNull();
    expect(crowded.inView).toBe(own.inView);
    expect(crowded.total).toBe(own.total);
    // Cells of zoom 10 (0.088° wide) hold what cells of zoom 11 (0.044°) split further.
    expect(crowded.clusters.length).toBeLessThan(own.clusters.length);
    expect(Math.max(...own.clusters.map((c) => c.bbox[2] - c.bbox[0]))).toBeLessThanOrEqual(360 / 8192 + 1e-9);
    expect(Math.max(...crowded.clusters.map((c) => c.bbox[2] - c.bbox[0]))).toBeGreaterThan(360 / 8192);
  });

  it('clusters Germany at zoom 6 into a few dozen cells, with a cluster per city holding its clump', async () => {
    const answer = await search.counts({ bbox: GERMANY, zoom: 6 }, NOW);
    expect(answer.clusters.length).toBeGreaterThan(10);
    expect(answer.clusters.length).toBeLessThan(120);
    const biggest = answer.clusters[0]!;
    expect(biggest.count).toBeGreaterThan(300);
    // A cell of 64 px at zoom 6 is 1.4° wide: its events cannot spread wider.
    expect(biggest.bbox[2] - biggest.bbox[0]).toBeLessThanOrEqual(1.41);
  });

  it('answers the same after a rebuild as the trigger kept it', async () => {
    // Sums added in another order differ in the last bits: means compared to a millimetre.
    const rounded = (c: TViewportCounts) => ({ ...c, clusters: c.clusters.map((k) => ({ ...k, lat: k.lat.toFixed(8), lng: k.lng.toFixed(8) })) });
    const kept = await search.counts({ bbox: GERMANY, zoom: 7, upcoming: true }, NOW);
    await ds.query('SELECT events.event_map_cells_rebuild()');
    expect(rounded(await search.counts({ bbox: GERMANY, zoom: 7, upcoming: true }, NOW))).toEqual(rounded(kept));
  });

  it('keeps the counts current when events are added, moved, shortened and deleted (the trigger)', async () => {
    onTestFinished(restoreRows);
    const box: TBbox = { minLng: 6.5, minLat: 50.7, maxLng: 7.4, maxLat: 51.15 };
    const before = await search.counts({ bbox: box, zoom: 8, upcoming: true }, NOW);
    await insert([{ lat: 50.94, lng: 6.96, start: new Date(NOW.getTime() + 3 * DAY), end: new Date(NOW.getTime() + 3 * DAY + 3_600_000) }]);
    const added = await search.counts({ bbox: box, zoom: 8, upcoming: true }, NOW);
    expect([added.inView, added.total]).toEqual([before.inView + 1, before.total + 1]);

    await ds.query(`UPDATE events.events SET latitude = 52.52, longitude = 13.4 WHERE latitude = 50.94 AND longitude = 6.96`);
    const moved = await search.counts({ bbox: box, zoom: 8, upcoming: true }, NOW);
    expect([moved.inView, moved.total]).toEqual([before.inView, before.total + 1]);

    await ds.query(`UPDATE events.events SET end_date_time = $1 WHERE latitude = 52.52 AND longitude = 13.4`, [new Date(NOW.getTime() - 5 * DAY)]);
    expect((await search.counts({ bbox: box, zoom: 8, upcoming: true }, NOW)).total).toBe(before.total);

    await ds.query(`DELETE FROM events.events WHERE latitude BETWEEN 50.7 AND 51.15 AND longitude BETWEEN 6.5 AND 7.4`);
    const emptied = await search.counts({ bbox: box, zoom: 8 }, NOW);
    expect(emptied.inView).toBe(0);
    expect(emptied.clusters).toEqual([]);
    const left = await ds.query(`SELECT count(*)::int AS n FROM events.event_map_cells WHERE n <= 0`);
    expect(left[0].n).toBe(0);
  });

  it.each([
    [{ zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '15,47,5,55', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '5,55,15,47', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '5,47,190,55', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '5,-95,15,55', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '5,47,15,55', zoom: '6.5' }, VALIDATION.invalidZoom],
    [{ bbox: '5,47,15,55', zoom: '21' }, VALIDATION.invalidZoom],
  ])('refuses %j with 400 and a German sentence', (raw, message) => {
    const refusal = (() => {
      try {
        parseCallQuery(GET_EVENT_VIEWPORT, raw);
      } catch (err) {
        if (err instanceof DomainError) return { status: err.status, message: err.message };
      }
      return null;
    })();
    expect(refusal).toEqual({ status: 400, message });
  });
});
