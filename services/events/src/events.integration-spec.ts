import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataSource, type Logger as TypeOrmLogger } from 'typeorm';
import { API_ERRORS, LIST_EVENTS, RECONFIRMATION_OFF, SCREENS, VALIDATION } from '@flohmarkt/contracts';
import { OutboxMessageEntity, migrate, parseCallQuery, pendingSchemaChanges, type CallerContext } from '@flohmarkt/server-kit';
import { EVENTS_MIGRATIONS } from './database.js';
import { EventEntity } from './events/event.entity.js';
import { EventsService } from './events/events.service.js';
import { EventSearch } from './search/event-search.js';
import { destination } from './testing/geo.js';
import { freshEventsDatabase, type FreshDatabase } from './testing/fresh-database.js';
import { refusal } from './testing/refusal.js';

let fresh: FreshDatabase;

/** Every SQL statement the data source sends, so a test can count them. */
const statements: string[] = [];
const countingLogger: TypeOrmLogger = {
  logQuery: (query) => void statements.push(query),
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

const ORGANIZER = '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40';
const organizer: CallerContext = { id: ORGANIZER, role: 'participant' };
const stranger: CallerContext = { id: '0b8d7c57-3f6e-4b0e-9a55-2d1c0e9f8a71', role: 'organizer' };
const admin: CallerContext = { id: 'a1d2c3b4-0000-4000-8000-00000000ad01', role: 'admin' };

describe('events database', () => {
  let ds: DataSource;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fresh = await freshEventsDatabase({ dataSource: { logging: ['query'], logger: countingLogger } });
    ds = fresh.ds;
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('has a migration for every entity change', async () => {
    expect(await pendingSchemaChanges(fresh.db)).toEqual([]);
  });

  it('creates an event as planned, open for stand registration, with coordinates as decimal strings', async () => {
    const events = ds.getRepository(EventEntity);
    const saved = await events.save(
      events.create({
        name: 'Hofflohmarkt Südstadt',
        location: 'Südstadt, Köln',
        latitude: '50.92080000',
        longitude: '6.95740000',
        startDateTime: new Date('2031-05-10T08:00:00Z'),
        endDateTime: new Date('2031-05-10T14:00:00Z'),
        organizerId: ORGANIZER,
      }),
    );
    const read = await events.findOneByOrFail({ id: saved.id });
    expect(read).toMatchObject({
      name: 'Hofflohmarkt Südstadt',
      status: 'planned',
      allowStandRegistration: true,
      latitude: '50.92080000',
      longitude: '6.95740000',
      description: null,
      websiteUrl: null,
    });
    expect(read.endDateTime.toISOString()).toBe('2031-05-10T14:00:00.000Z');
  });

  it('keeps an event without coordinates', async () => {
    const events = ds.getRepository(EventEntity);
    const saved = await events.save({
      name: 'Kinderflohmarkt',
      location: 'Gemeindehaus',
      startDateTime: new Date('2031-06-01T09:00:00Z'),
      endDateTime: new Date('2031-06-01T12:00:00Z'),
      organizerId: ORGANIZER,
    });
    expect(await events.findOneByOrFail({ id: saved.id })).toMatchObject({ latitude: null, longitude: null });
  });

  describe('list search in SQL', () => {
    const cologne = { lat: 50.9375, lng: 6.9603 };
    const munich = { lat: 48.1372, lng: 11.5756 };
    // 11:00 in Berlin on 10 March 2031 (winter time): today started at 2031-03-09T23:00Z.
    const now = new Date('2031-03-10T10:00:00Z');
    let search: EventSearch;

    const find = (raw: Record<string, string>, at: Date = now) =>
      search.find(parseCallQuery(LIST_EVENTS, raw), at).then((page) => page.events.map((e) => e.name));
    const total = (raw: Record<string, string>, at: Date = now) => search.find(parseCallQuery(LIST_EVENTS, raw), at).then((page) => page.total);

    async function add(name: string, start: string, end: string, at: { lat: number; lng: number } | null, id?: string): Promise<void> {
      await ds.getRepository(EventEntity).insert({
        ...(id ? { id } : {}),
        name,
        location: 'irgendwo',
        latitude: at ? at.lat.toFixed(8) : null,
        longitude: at ? at.lng.toFixed(8) : null,
        startDateTime: new Date(start),
        endDateTime: new Date(end),
        organizerId: ORGANIZER,
      });
    }

    beforeAll(async () => {
      search = new EventSearch(ds);
      await ds.query('DELETE FROM events.events');
      await add('Köln Mitte', '2031-03-12T09:00:00Z', '2031-03-12T15:00:00Z', cologne);
      await add('Nord 29,9 km', '2031-03-14T09:00:00Z', '2031-03-14T15:00:00Z', destination(cologne, 0, 29.9));
      await add('Nord 30,1 km', '2031-03-13T09:00:00Z', '2031-03-13T15:00:00Z', destination(cologne, 0, 30.1));
      await add('Ost 49,9 km', '2031-03-15T09:00:00Z', '2031-03-15T15:00:00Z', destination(cologne, 90, 49.9));
      await add('Ost 50,1 km', '2031-03-16T09:00:00Z', '2031-03-16T15:00:00Z', destination(cologne, 90, 50.1));
      await add('München', '2031-03-17T09:00:00Z', '2031-03-17T15:00:00Z', munich);
      await add('Ohne Ort', '2031-03-11T09:00:00Z', '2031-03-11T15:00:00Z', null);
      // Ends 23:59:59.999 Berlin time yesterday / at 00:00 today.
      await add('Endete gestern', '2031-03-09T08:00:00Z', '2031-03-09T22:59:59.999Z', cologne);
      await add('Endet um Mitternacht', '2031-03-09T10:00:00Z', '2031-03-09T23:00:00Z', cologne);
      // Starts around 20 March in Berlin (winter time, UTC+1).
      await add('19. um 23:59', '2031-03-19T22:59:00Z', '2031-03-20T02:00:00Z', null);
      await add('20. um 0:00', '2031-03-19T23:00:00Z', '2031-03-20T02:00:00Z', null);
      await add('20. um 23:59', '2031-03-20T22:59:00Z', '2031-03-21T02:00:00Z', null);
      await add('21. um 0:00', '2031-03-20T23:00:00Z', '2031-03-21T02:00:00Z', null);
      // 30 March 2031: the clocks go forward, the Berlin day ends at 22:00 UTC.
      await add('30. um 23:30 Sommerzeit', '2031-03-30T21:30:00Z', '2031-03-30T23:00:00Z', null);
      await add('31. um 0:30 Sommerzeit', '2031-03-30T22:30:00Z', '2031-03-31T02:00:00Z', null);
      // Same start: the id decides, so pages never overlap.
      await add('Gleichzeitig B', '2031-04-01T09:00:00Z', '2031-04-01T15:00:00Z', null, 'bbbbbbbb-0000-4000-8000-000000000000');
      await add('Gleichzeitig A', '2031-04-01T09:00:00Z', '2031-04-01T15:00:00Z', null, 'aaaaaaaa-0000-4000-8000-000000000000');
    });

    it('answers every event sorted by start (then id) without parameters, as there are fewer than 500', async () => {
      expect(await find({})).toEqual([
        'Endete gestern',
        'Endet um Mitternacht',
        'Ohne Ort',
        'Köln Mitte',
        'Nord 30,1 km',
        'Nord 29,9 km',
        'Ost 49,9 km',
        'Ost 50,1 km',
        'München',
        '19. um 23:59',
        '20. um 0:00',
        '20. um 23:59',
        '21. um 0:00',
        '30. um 23:30 Sommerzeit',
        '31. um 0:30 Sommerzeit',
        'Gleichzeitig A',
        'Gleichzeitig B',
      ]);
    });

    it('keeps events within the radius by great-circle distance and leaves out those beyond it and those without coordinates', async () => {
      expect(await find({ lat: String(cologne.lat), lng: String(cologne.lng), radiusKm: '30' })).toEqual([
        'Endete gestern',
        'Endet um Mitternacht',
        'Köln Mitte',
        'Nord 29,9 km',
      ]);
    });

    it('searches 50 km when only lat and lng are given', async () => {
      expect(await find({ lat: String(cologne.lat), lng: String(cologne.lng) })).toEqual([
        'Endete gestern',
        'Endet um Mitternacht',
        'Köln Mitte',
        'Nord 30,1 km',
        'Nord 29,9 km',
        'Ost 49,9 km',
      ]);
    });

    it('lists an event as upcoming until the Berlin day of its end is over', async () => {
      const upcoming = await find({ upcoming: 'true' });
      expect(upcoming).toContain('Endet um Mitternacht');
      expect(upcoming).not.toContain('Endete gestern');
      expect(upcoming).toHaveLength(16);
      // One millisecond before Berlin midnight it is still yesterday, and yesterday's event is still on.
      expect(await find({ upcoming: 'true' }, new Date('2031-03-09T22:59:59.999Z'))).toContain('Endete gestern');
      expect(await find({ upcoming: 'false' })).toHaveLength(17);
    });

    it('filters by the Berlin calendar day of the start', async () => {
      expect(await find({ date: '2031-03-20' })).toEqual(['20. um 0:00', '20. um 23:59']);
      expect(await find({ date: '2031-03-30' })).toEqual(['30. um 23:30 Sommerzeit']);
      expect(await find({ date: '2031-03-31' })).toEqual(['31. um 0:30 Sommerzeit']);
      expect(await find({ date: '2031-02-01' })).toEqual([]);
    });

    it('filters by a map section (bbox)', async () => {
      expect(await find({ bbox: '11,48,12,49' })).toEqual(['München']);
      expect(await find({ bbox: '6.9,50.9,7.0,51.0' })).toEqual(['Endete gestern', 'Endet um Mitternacht', 'Köln Mitte']);
    });

    it('combines filters with AND', async () => {
      expect(await find({ upcoming: 'true', lat: String(cologne.lat), lng: String(cologne.lng), radiusKm: '30' })).toEqual([
        'Endet um Mitternacht',
        'Köln Mitte',
        'Nord 29,9 km',
      ]);
      expect(await find({ date: '2031-03-12', bbox: '6.9,50.9,7.0,51.0' })).toEqual(['Köln Mitte']);
    });

    it('pages with limit and offset in the same order, without overlaps between pages', async () => {
      const all = await find({});
      expect(await find({ limit: '3' })).toEqual(all.slice(0, 3));
      expect(await find({ limit: '3', offset: '3' })).toEqual(all.slice(3, 6));
      expect(await find({ offset: '15' })).toEqual(['Gleichzeitig A', 'Gleichzeitig B']);
      expect(await find({ limit: '1', offset: '16' })).toEqual(['Gleichzeitig B']);
    });

    it('pages upcoming events across those running today and those starting later', async () => {
      const upcoming = await find({ upcoming: 'true' });
      expect(upcoming.slice(0, 3)).toEqual(['Endet um Mitternacht', 'Ohne Ort', 'Köln Mitte']);
      for (const [offset, limit] of [
        [0, 1],
        [0, 2],
        [1, 1],
        [1, 2],
        [2, 3],
        [14, 5],
        [16, 5],
        [40, 2],
      ] as const) {
        expect(await find({ upcoming: 'true', offset: String(offset), limit: String(limit) })).toEqual(upcoming.slice(offset, offset + limit));
      }
      expect(await find({ upcoming: 'true', offset: '1' })).toEqual(upcoming.slice(1));
      // On 11 March nothing has been running since before midnight: the page holds later events only.
      expect(await find({ upcoming: 'true', limit: '2' }, new Date('2031-03-11T12:00:00Z'))).toEqual(['Ohne Ort', 'Köln Mitte']);
    });

    it('pages a radius search (picked per grid cell) exactly like the whole list, upcoming or not', async () => {
      // 40 more markets around Köln: several in one cell, others spread over many cells, some beyond 50 km.
      const extra = Array.from({ length: 40 }, (_, i) => ({
        name: `Umkreis ${String(i).padStart(2, '0')}`,
        start: new Date(Date.UTC(2031, 2, 8 + (i % 9), 8 + (i % 5))).toISOString(),
        at: i % 4 === 0 ? destination(cologne, i * 9, 0.3) : destination(cologne, i * 37, 4 + i * 1.3),
      }));
      for (const e of extra) await add(e.name, e.start, new Date(Date.parse(e.start) + 4 * 3600_000).toISOString(), e.at);
      try {
        const near = { lat: String(cologne.lat), lng: String(cologne.lng) };
        for (const base of [near, { ...near, upcoming: 'true' }, { ...near, radiusKm: '20', upcoming: 'true' }, { ...near, date: '2031-03-12' }]) {
          const whole = await find(base);
          expect(whole.length).toBeGreaterThan(3);
          for (const [offset, limit] of [
            [0, 5],
            [0, 1],
            [3, 4],
            [5, 10],
            [whole.length - 2, 5],
            [whole.length + 1, 3],
          ] as const) {
            expect(await find({ ...base, offset: String(offset), limit: String(limit) })).toEqual(whole.slice(offset, offset + limit));
          }
        }
      } finally {
        await ds.query(`DELETE FROM events.events WHERE name LIKE 'Umkreis %'`);
      }
    });

    it('counts every matching event, beyond the page, for each kind of filter', async () => {
      const near = { lat: String(cologne.lat), lng: String(cologne.lng) };
      const filterSets: Record<string, string>[] = [
        {},
        { upcoming: 'true' },
        near,
        { ...near, radiusKm: '30' },
        { ...near, upcoming: 'true' },
        { date: '2031-03-20' },
        { bbox: '6.9,50.9,7.0,51.0' },
        { upcoming: 'true', bbox: '6.9,50.9,7.0,51.0' },
      ];
      for (const filters of filterSets) {
        const whole = (await find(filters)).length;
        expect(whole).toBeGreaterThan(1);
        expect(await total(filters)).toBe(whole);
        // A full page and a page past the end cannot tell the total themselves: a count answers it.
        expect(await total({ ...filters, limit: '1' })).toBe(whole);
        expect(await total({ ...filters, limit: '1', offset: String(whole - 1) })).toBe(whole);
        expect(await total({ ...filters, offset: String(whole + 5) })).toBe(whole);
      }
      expect(await total({ date: '2031-02-01' })).toBe(0);
    });

    it('answers a search in one statement (two for upcoming), a third only to count beyond a full page, on connections without parallel workers', async () => {
      const kinds = async (raw: Record<string, string>) => {
        statements.length = 0;
        await search.find(parseCallQuery(LIST_EVENTS, raw), now);
        return statements.map((s) => s.split(/\s/)[0]);
      };
      expect(await kinds({ lat: String(cologne.lat), lng: String(cologne.lng), radiusKm: '10' })).toEqual(['SELECT']);
      expect(await kinds({ upcoming: 'true' })).toEqual(['SELECT', 'SELECT']);
      expect(await kinds({ limit: '5' })).toEqual(['SELECT', 'SELECT']);
      expect(await kinds({ upcoming: 'true', limit: '5' })).toEqual(['SELECT', 'SELECT', 'SELECT']);
      expect(await ds.query('SHOW max_parallel_workers_per_gather')).toEqual([{ max_parallel_workers_per_gather: '0' }]);
    });
  });

  describe('a list longer than one page', () => {
    let search: EventSearch;

    beforeAll(async () => {
      search = new EventSearch(ds);
      await ds.query('DELETE FROM events.events');
      // 620 markets within 20 km of Köln, one every six hours from March 2031 on.
      await ds.query(
        `INSERT INTO events.events (name, location, latitude, longitude, start_date_time, end_date_time, organizer_id)
         SELECT 'Markt ' || lpad(n::text, 3, '0'), 'Köln', 50.9375 + (n % 20) * 0.01, 6.9603 + (n % 7) * 0.02,
                timestamptz '2031-03-01 08:00Z' + n * interval '6 hours', timestamptz '2031-03-01 14:00Z' + n * interval '6 hours', $1
         FROM generate_series(1, 620) AS n`,
        [ORGANIZER],
      );
    });

    afterAll(async () => {
      await ds.query('DELETE FROM events.events');
    });

    const names = (n: number[]) => n.map((i) => `Markt ${String(i).padStart(3, '0')}`);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    it('answers at most 500 events per call, with the total of all 620, and the remaining 120 from offset 500', async () => {
      const now = new Date('2031-01-01T00:00:00Z');
      const filterSets: Record<string, string>[] = [{}, { upcoming: 'true' }, { lat: '50.9375', lng: '6.9603', radiusKm: '100' }];
      for (const filters of filterSets) {
        const first = await search.find(parseCallQuery(LIST_EVENTS, filters), now);
        expect(first.events.map((e) => e.name)).toEqual(names(range(1, 500)));
        expect(first.total).toBe(620);
        const rest = await search.find(parseCallQuery(LIST_EVENTS, { ...filters, offset: '500' }), now);
        expect(rest.events.map((e) => e.name)).toEqual(names(range(501, 620)));
        expect(rest.total).toBe(620);
      }
    });
  });

  describe('writes', () => {
    let events: EventsService;
    const body = {
      name: '  Trödelmarkt am Dom ',
      location: 'Roncalliplatz, Köln',
      latitude: '50.9413',
      longitude: 6.9583,
      startDateTime: '2031-05-10T10:00:00+02:00',
      endDateTime: '2031-05-10T16:00:00+02:00',
      organizerId: stranger.id,
      status: 'cancelled',
      contactEmail: 'dom@example.org',
      websiteUrl: 'https://dom.example.org',
    };
    const outbox = () => ds.getRepository(OutboxMessageEntity).find({ order: { createdAt: 'ASC' } });

    beforeAll(() => {
      events = new EventsService(ds);
    });
    beforeEach(async () => {
      await ds.query('DELETE FROM events.outbox');
    });

    it('creates the event for the caller, planned, and appoints them organizer in the same transaction', async () => {
      const created = await events.create(organizer, body);
      expect(created).toMatchObject({
        name: 'Trödelmarkt am Dom',
        organizerId: ORGANIZER,
        status: 'planned',
        latitude: '50.94130000',
        longitude: '6.95830000',
        description: null,
        allowStandRegistration: true,
      });
      expect(created.startDateTime.toISOString()).toBe('2031-05-10T08:00:00.000Z');
      const messages = (await outbox()).map((m) => [m.queue, m.name, m.payload]);
      expect(messages).toHaveLength(2);
      expect(messages).toContainEqual(['auth-events', 'OrganizerAppointed', { userId: ORGANIZER }]);
      expect(messages).toContainEqual([
        'stands-events',
        'EventFactsChanged',
        {
          eventId: created.id,
          organizerId: ORGANIZER,
          latitude: '50.94130000',
          longitude: '6.95830000',
          startDateTime: '2031-05-10T08:00:00.000Z',
          endDateTime: '2031-05-10T14:00:00.000Z',
          allowStandRegistration: true,
          name: 'Trödelmarkt am Dom',
          location: 'Roncalliplatz, Köln',
          status: 'planned',
          cancelReason: null,
          registrationDeadline: null,
          notifyOnRegistration: true,
          maxStands: null,
          seriesId: null,
          copiedFromId: null,
          team: [],
          reconfirmation: RECONFIRMATION_OFF,
          version: expect.any(Number),
        },
      ]);
    });

    it('writes nothing when the body is invalid', async () => {
      const before = await ds.getRepository(EventEntity).count();
      expect(await refusal(events.create(organizer, { ...body, endDateTime: '2031-05-10T07:00:00Z' }))).toEqual({
        status: 400,
        message: API_ERRORS.eventEndBeforeStart,
      });
      expect(await refusal(events.create(organizer, { ...body, startDateTime: '' }))).toEqual({ status: 400, message: VALIDATION.eventStartRequired });
      expect(await ds.getRepository(EventEntity).count()).toBe(before);
      expect(await outbox()).toEqual([]);
    });

    it('reads a detail with one SQL statement, and answers 404 for unknown and malformed ids without asking the database twice', async () => {
      const created = await events.create(organizer, body);
      statements.length = 0;
      expect((await events.get(created.id)).id).toBe(created.id);
      expect(statements).toHaveLength(1);
      expect(await refusal(events.get('7d9f0c1e-0000-4000-8000-000000000000'))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
      statements.length = 0;
      expect(await refusal(events.get('123; DROP TABLE events'))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
      expect(statements).toHaveLength(0);
    });

    it('lets the organizer edit: fields left out keep their value, null clears them, the owner stays', async () => {
      const created = await events.create(organizer, body);
      const updated = await events.update(organizer, created.id, {
        name: 'Trödelmarkt am Dom (verschoben)',
        location: 'Roncalliplatz, Köln',
        startDateTime: '2031-05-17T08:00:00Z',
        endDateTime: '2031-05-17T14:00:00Z',
        websiteUrl: null,
        allowStandRegistration: false,
        organizerId: stranger.id,
      });
      expect(updated).toMatchObject({
        name: 'Trödelmarkt am Dom (verschoben)',
        organizerId: ORGANIZER,
        latitude: '50.94130000',
        contactEmail: 'dom@example.org',
        websiteUrl: null,
        allowStandRegistration: false,
      });
      expect(updated.startDateTime.toISOString()).toBe('2031-05-17T08:00:00.000Z');
      expect(updated.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
      const cleared = await events.update(organizer, created.id, { ...body, latitude: null, longitude: '' });
      expect(cleared).toMatchObject({ latitude: null, longitude: null, allowStandRegistration: false });
    });

    it('checks 404, then 403 whatever the body, then 400', async () => {
      const created = await events.create(organizer, body);
      expect(await refusal(events.update(stranger, 'nope', {}))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
      expect(await refusal(events.update(stranger, created.id, {}))).toEqual({ status: 403, message: SCREENS.eventEditForbidden });
      expect(await refusal(events.update(stranger, created.id, body))).toEqual({ status: 403, message: SCREENS.eventEditForbidden });
      expect(await refusal(events.update(organizer, created.id, { ...body, startDateTime: null }))).toEqual({
        status: 400,
        message: VALIDATION.eventEditStartRequired,
      });
      expect(await refusal(events.update(organizer, created.id, { ...body, endDateTime: undefined }))).toEqual({
        status: 400,
        message: VALIDATION.eventEditEndRequired,
      });
      expect(await refusal(events.update(organizer, created.id, { ...body, latitude: '50', longitude: undefined }))).toEqual({
        status: 400,
        message: VALIDATION.coordinatesIncomplete,
      });
      expect((await events.update(admin, created.id, { ...body, name: 'Vom Admin' })).name).toBe('Vom Admin');
    });

    it('lets only admins delete, and announces EventDeleted with the delete', async () => {
      const created = await events.create(organizer, body);
      await ds.query('DELETE FROM events.outbox');
      expect(await refusal(events.remove(organizer, created.id))).toEqual({ status: 403, message: API_ERRORS.forbidden });
      expect(await refusal(events.remove(admin, 'c0ffee00-0000-4000-8000-000000000000'))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
      await events.remove(admin, created.id);
      expect(await ds.getRepository(EventEntity).findOneBy({ id: created.id })).toBeNull();
      // Stands removes the event's stands; auth drops it from every favourites list (issue 19).
      expect((await outbox()).map((m) => [m.queue, m.name, m.payload]).sort()).toEqual([
        ['auth-events', 'EventDeleted', { eventId: created.id }],
        ['stands-events', 'EventDeleted', { eventId: created.id }],
      ]);
    });

    it("deletes a deleted user's events, each with its own EventDeleted, and does nothing the second time", async () => {
      const leaving: CallerContext = { id: 'dddddddd-0000-4000-8000-00000000dead', role: 'organizer' };
      const first = await events.create(leaving, body);
      const second = await events.create(leaving, { ...body, name: 'Zweiter Markt' });
      const kept = await events.create(organizer, body);
      await ds.query('DELETE FROM events.outbox');

      expect((await events.removeAllOf(leaving.id)).sort()).toEqual([first.id, second.id].sort());
      expect(await ds.getRepository(EventEntity).findBy({ organizerId: leaving.id })).toEqual([]);
      expect(await ds.getRepository(EventEntity).findOneBy({ id: kept.id })).not.toBeNull();
      const messages = (await outbox()).filter((m) => m.queue === 'stands-events');
      expect(messages.map((m) => m.name)).toEqual(['EventDeleted', 'EventDeleted']);
      expect(messages.map((m) => m.payload.eventId).sort()).toEqual([first.id, second.id].sort());

      expect(await events.removeAllOf(leaving.id)).toEqual([]);
      // One EventDeleted to stands and one to auth per event, and nothing more the second time.
      expect(await outbox()).toHaveLength(4);
      expect(await events.removeAllOf('not-a-uuid')).toEqual([]);
    });

    it('reads several events in one query for other services, leaving out unknown and malformed ids', async () => {
      const a = await events.create(organizer, { ...body, startDateTime: '2031-06-02T08:00:00Z', endDateTime: '2031-06-02T09:00:00Z' });
      const b = await events.create(organizer, { ...body, startDateTime: '2031-06-01T08:00:00Z', endDateTime: '2031-06-01T09:00:00Z' });
      statements.length = 0;
      const read = await events.getMany([a.id, 'kaputt', b.id, a.id, 'eeeeeeee-0000-4000-8000-000000000000']);
      expect(read.map((e) => e.id)).toEqual([b.id, a.id]);
      expect(statements).toHaveLength(1);
    });
  });

  it('applies nothing when migrated again', async () => {
    expect(await migrate(fresh.db)).toEqual([]);
  });

  it('reverts the migrations and applies them again', async () => {
    for (let i = 0; i < EVENTS_MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT to_regclass('events.events') AS t, to_regclass('events.outbox') AS o`)).toEqual([{ t: null, o: null }]);
    expect(await migrate(fresh.db)).toEqual(EVENTS_MIGRATIONS.map((m) => m.name));
    expect(await pendingSchemaChanges(fresh.db)).toEqual([]);
  });
});
