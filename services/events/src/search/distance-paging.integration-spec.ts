import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { haversineKm, type TEvent } from '@flohmarkt/contracts';
import { EventsController } from '../events/events.controller.js';
import type { EventsService } from '../events/events.service.js';
import { destination } from '../testing/geo.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { EventSearch } from './event-search.js';

const COLOGNE = { lat: 50.9375, lng: 6.9603 };
const ORGANIZER = '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40';
const DAY = 86_400_000;

describe('GET /events?sort=distance pages (PostgreSQL)', () => {
  let fresh: FreshDatabase;
  let ds: DataSource;
  let controller: EventsController;

  /** One page as a caller gets it: the items and X-Total-Count. */
  async function page(query: Record<string, string>): Promise<{ events: TEvent[]; total: number }> {
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
    const events = await controller.list(query, res);
    return { events, total: Number(headers['X-Total-Count']) };
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fresh = await freshEventsDatabase();
    ds = fresh.ds;
    controller = new EventsController({} as EventsService, new EventSearch(ds), ds);
    const now = Date.now();
    const rows: unknown[][] = [];
    for (let i = 0; i < 240; i++) {
      // Rings of 12 events at the same distance (ties), from 0.5 km to 60 km; every third ended last month.
      const at = destination(COLOGNE, (i % 12) * 30, 0.5 + Math.floor(i / 12) * 3);
      const start = new Date(now + (i % 3 === 0 ? -30 : 5 + (i % 7)) * DAY);
      rows.push([Math.round(at.lat * 1e7) / 1e7, Math.round(at.lng * 1e7) / 1e7, start, new Date(start.getTime() + 6 * 3_600_000)]);
    }
    // Twelve events on the very same spot and day: only the id can order them.
    for (let i = 0; i < 12; i++) rows.push([50.95, 6.97, new Date(now + 9 * DAY), new Date(now + 9 * DAY + 3_600_000)]);
    const values = rows.map(
      (_, j) =>
        `('Flohmarkt ${j}', 'Ort', $${j * 4 + 1}::numeric, $${j * 4 + 2}::numeric, $${j * 4 + 3}::timestamptz, $${j * 4 + 4}::timestamptz, '${ORGANIZER}')`,
    );
    await ds.query(
      `INSERT INTO events.events (name, location, latitude, longitude, start_date_time, end_date_time, organizer_id) VALUES ${values.join(',')}`,
      rows.flat(),
    );
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it.each([
    ['all within 50 km', { radiusKm: '50' }],
    ['upcoming within 25 km', { radiusKm: '25', upcoming: 'true' }],
  ])('walks %s nearest first in pages of 7, without duplicates or gaps, each with its distance', async (_name, filters) => {
    const base = { lat: String(COLOGNE.lat), lng: String(COLOGNE.lng), sort: 'distance', ...filters };
    const first = await page({ ...base, limit: '7' });
    const seen: TEvent[] = [];
    for (let offset = 0; offset < first.total + 7; offset += 7) {
      const { events, total } = await page({ ...base, limit: '7', offset: String(offset) });
      expect(total).toBe(first.total);
      seen.push(...events);
    }
    // The same events as one unpaged list, in the same order.
    const whole = await page({ ...base, limit: '500' });
    expect(seen.map((e) => e.id)).toEqual(whole.events.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.length).toBe(first.total);
    expect(first.total).toBeGreaterThan(40);
    expect(seen.filter((e) => e.latitude === '50.95000000').length).toBe(12);

    const radiusKm = Number(filters.radiusKm);
    for (const [i, e] of seen.entries()) {
      const km = haversineKm(COLOGNE, { lat: Number(e.latitude), lng: Number(e.longitude) });
      expect(e.distanceKm).toBeCloseTo(km, 2);
      expect(km).toBeLessThanOrEqual(radiusKm);
      if ('upcoming' in filters) expect(new Date(e.endDateTime).getTime()).toBeGreaterThan(Date.now() - DAY);
      const before = seen[i - 1];
      if (!before) continue;
      expect(e.distanceKm!).toBeGreaterThanOrEqual(before.distanceKm! - 1e-9);
      // The same spot and start: only the id orders them (rounded distances alone may tie across spots).
      if (e.latitude === before.latitude && e.longitude === before.longitude && e.startDateTime === before.startDateTime) expect(e.id > before.id).toBe(true);
    }
  });

  it('keeps start order by default, without distanceKm', async () => {
    const { events } = await page({ lat: String(COLOGNE.lat), lng: String(COLOGNE.lng), limit: '50' });
    const starts = events.map((e) => e.startDateTime);
    expect(starts).toEqual([...starts].sort());
    expect(events.every((e) => e.distanceKm === undefined)).toBe(true);
  });
});
