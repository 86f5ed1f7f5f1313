import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, JOB_PAYLOADS, QUEUES, VALIDATION, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, OutboxMessageEntity, OutboxRelay, bullConnection, bullPrefix, migrate, type CallerContext } from '@flohmarkt/server-kit';
import { migrateBefore } from '@flohmarkt/server-kit/testing';
import { EVENTS_MIGRATIONS } from './database.js';
import { EventEntity } from './events/event.entity.js';
import { toEvent } from './events/event-view.js';
import { EventsService } from './events/events.service.js';
import { freshEventsDatabase, type FreshDatabase } from './testing/fresh-database.js';
import { StandCountReadModel } from './read-models/stand-count-read-model.js';

/*
 * The stands service's read model of events, as the events service announces it:
 * EventFactsChanged in the transaction of every creation and edit, with a version that grows per
 * event in commit order, and for every event of an existing database by the migration.
 */

type Facts = TJobPayload<'EventFactsChanged'>;

const organizer: CallerContext = { id: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40', role: 'organizer' };
const body = {
  name: 'Trödelmarkt am Dom',
  location: 'Roncalliplatz, Köln',
  latitude: 50.9413,
  longitude: 6.9583,
  startDateTime: '2031-05-10T10:00:00+02:00',
  endDateTime: '2031-05-10T16:00:00+02:00',
};

let fresh: FreshDatabase;
let ds: DataSource;
let events: EventsService;

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  ds = fresh.ds;
  events = new EventsService(ds);
});

afterAll(async () => {
  await fresh?.drop();
});

beforeEach(async () => {
  await ds.query('TRUNCATE events.events, events.outbox');
});

/** The facts messages in the outbox, by version, all to the stands queue. */
async function announced(on: DataSource = ds): Promise<Facts[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'EventFactsChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.stands)).toBe(true);
  return rows.map((r) => r.payload as Facts).sort((a, b) => a.version - b.version);
}

/** The facts of the stored event, as a message would carry them. */
async function stored(id: string, on: DataSource = ds): Promise<Omit<Facts, 'version'>> {
  const e = await on.getRepository(EventEntity).findOneByOrFail({ id });
  return {
    eventId: e.id,
    organizerId: e.organizerId,
    latitude: e.latitude,
    longitude: e.longitude,
    startDateTime: e.startDateTime.toISOString(),
    endDateTime: e.endDateTime.toISOString(),
    allowStandRegistration: e.allowStandRegistration,
    name: e.name,
    location: e.location,
    status: e.status,
    cancelReason: e.cancelReason,
    registrationDeadline: e.registrationDeadline?.toISOString() ?? null,
    notifyOnRegistration: e.notifyOnRegistration,
    maxStands: e.maxStands,
  };
}

/** Only what the first announcement (AnnounceEventFacts) carried. */
function firstFacts({ eventId, organizerId, latitude, longitude, startDateTime, endDateTime, allowStandRegistration }: Omit<Facts, 'version'>) {
  return { eventId, organizerId, latitude, longitude, startDateTime, endDateTime, allowStandRegistration };
}

/** The newest message of each event, without its version, by event id. */
function newestByEvent(messages: Facts[]): Map<string, Omit<Facts, 'version'>> {
  const newest = new Map<string, Facts>();
  for (const m of messages) if ((newest.get(m.eventId)?.version ?? 0) < m.version) newest.set(m.eventId, m);
  return new Map([...newest].map(([id, { version: _, ...facts }]) => [id, facts]));
}

describe('EventFactsChanged', () => {
  it('announces the facts at creation and after each edit, with a higher version each time', async () => {
    const { id } = await events.create(organizer, body);
    await events.update(organizer, id, { ...body, allowStandRegistration: false });
    await events.update(organizer, id, {
      ...body,
      latitude: null,
      longitude: null,
      startDateTime: '2031-05-17T08:00:00Z',
      endDateTime: '2031-05-17T09:00:00Z',
    });
    const messages = await announced();
    expect(messages.map(({ version: _, ...f }) => [f.allowStandRegistration, f.latitude, f.startDateTime])).toEqual([
      [true, '50.94130000', '2031-05-10T08:00:00.000Z'],
      [false, '50.94130000', '2031-05-10T08:00:00.000Z'],
      [false, null, '2031-05-17T08:00:00.000Z'],
    ]);
    expect(new Set(messages.map((m) => m.version)).size).toBe(3);
    const { version: _, ...last } = messages[2];
    expect(last).toEqual(await stored(id));
  });

  it('announces nothing for a refused edit, and EventDeleted (the tombstone) for a deletion', async () => {
    const { id } = await events.create(organizer, body);
    await ds.query('DELETE FROM events.outbox');
    const stranger: CallerContext = { id: randomUUID(), role: 'organizer' };
    await expect(events.update(stranger, id, body)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(events.update(organizer, id, { ...body, endDateTime: '2031-05-10T07:00:00Z' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await announced()).toEqual([]);
    await events.remove({ id: randomUUID(), role: 'admin' }, id);
    const rows = await ds.getRepository(OutboxMessageEntity).find();
    expect(rows.map((r) => [r.queue, r.name, r.payload]).sort()).toEqual([
      [QUEUES.auth, 'EventDeleted', { eventId: id }],
      [QUEUES.stands, 'EventDeleted', { eventId: id }],
    ]);
  });

  it('carries the committed facts under the highest version when edits of one event race', async () => {
    const { id } = await events.create(organizer, body);
    const edits = Array.from({ length: 8 }, (_, i) => ({
      ...body,
      allowStandRegistration: i % 2 === 0,
      startDateTime: `2031-05-1${i}T08:00:00Z`,
      endDateTime: `2031-05-1${i}T18:00:00Z`,
    }));
    await Promise.all(edits.map((edit) => events.update(organizer, id, edit)));
    const messages = await announced();
    expect(messages).toHaveLength(9);
    const { version: _, ...newest } = messages[messages.length - 1];
    expect(newest).toEqual(await stored(id));
  });
});

describe('backfill of an existing database (migration AnnounceEventFacts)', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`facts-it-${randomBytes(4).toString('hex')}:`);
  const standsQueue = new Queue(QUEUES.stands, { connection, prefix });
  let old: FreshDatabase;

  afterAll(async () => {
    await standsQueue.obliterate({ force: true });
    await standsQueue.close();
    await connection.quit();
    await old?.drop();
  });

  /** An event row as an older release wrote it: only the columns every release has. */
  async function insertOldEvent(
    on: DataSource,
    row: { latitude: string | null; longitude: string | null; allowStandRegistration: boolean; start: string; organizerId: string },
  ): Promise<string> {
    const [{ id }] = (await on.query(
      `INSERT INTO events.events ("name", "location", "latitude", "longitude", "start_date_time", "end_date_time", "organizer_id", "allow_stand_registration")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING "id"`,
      [body.name, body.location, row.latitude, row.longitude, row.start, body.endDateTime, row.organizerId, row.allowStandRegistration],
    )) as { id: string }[];
    return id;
  }

  it('announces the facts of every existing event, and the relay delivers them to the stands queue', async () => {
    old = await freshEventsDatabase({ migrated: false });
    // The database as the release before the read model left it: every migration before AnnounceEventFacts.
    await migrateBefore(old.db, EVENTS_MIGRATIONS, 'AnnounceEventFacts1763700100020');
    const located = await insertOldEvent(old.ds, {
      latitude: '50.94130000',
      longitude: '6.95830000',
      allowStandRegistration: true,
      start: '2031-05-10T08:00:00.123Z',
      organizerId: organizer.id,
    });
    const closed = await insertOldEvent(old.ds, {
      latitude: null,
      longitude: null,
      allowStandRegistration: false,
      start: body.startDateTime,
      organizerId: randomUUID(),
    });

    const applied = await migrate(old.db);
    expect(applied).toContain('AnnounceEventFacts1763700100020');
    expect(applied).toContain('ReannounceEventFacts1763700100031');
    const backfilled = await announced(old.ds);
    // Each event twice: the first announcement with the facts of its day, the re-announcement with all of today's, newer.
    const first = backfilled.filter((m) => m.name === undefined);
    expect(first.map(({ version: _, ...f }) => f).sort((a, b) => a.eventId.localeCompare(b.eventId))).toEqual(
      [firstFacts(await stored(located, old.ds)), firstFacts(await stored(closed, old.ds))].sort((a, b) => a.eventId.localeCompare(b.eventId)),
    );
    // Read as the stands service reads them (a message from before the cap carries none: null).
    expect(newestByEvent(backfilled.map((m) => JOB_PAYLOADS.EventFactsChanged.parse(m)))).toEqual(
      new Map([
        [located, await stored(located, old.ds)],
        [closed, await stored(closed, old.ds)],
      ]),
    );

    const relay = new OutboxRelay({ dataSource: old.ds, connection, prefix, logger: new JsonLogger('facts-spec', 'error') });
    expect(await relay.relayBatch()).toBe(4);
    const jobs = await standsQueue.getJobs(['waiting']);
    expect(jobs.map((j) => [j.name, (j.data as Facts).eventId]).sort()).toEqual(
      [
        ['EventFactsChanged', located],
        ['EventFactsChanged', located],
        ['EventFactsChanged', closed],
        ['EventFactsChanged', closed],
      ].sort(),
    );

    // The next edit of a backfilled event comes after the backfill's versions.
    await new EventsService(old.ds).update(organizer, located, { ...body, allowStandRegistration: false });
    const backfillVersion = Math.max(...backfilled.filter((m) => m.eventId === located).map((m) => m.version));
    expect((await announced(old.ds)).map((m) => [m.eventId, m.version > backfillVersion])).toEqual([[located, true]]);
  });

  it('re-announces every event with its name, place, status, cancel reason, deadline and notification switch', async () => {
    const before = await freshEventsDatabase({ migrated: false });
    try {
      await migrateBefore(before.db, EVENTS_MIGRATIONS, 'ReannounceEventFacts1763700100031');
      // Raw rows: the entity of today has columns (max_stands) this older schema lacks.
      const insert = async (status: string, cancelReason: string | null, deadline: string | null, notify: boolean): Promise<{ id: string }> => {
        const [row] = (await before.ds.query(
          `INSERT INTO "events"."events" ("name", "location", "start_date_time", "end_date_time", "organizer_id", "status", "cancel_reason", "registration_deadline", "notify_on_registration")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "id"`,
          [body.name, body.location, body.startDateTime, body.endDateTime, organizer.id, status, cancelReason, deadline, notify],
        )) as { id: string }[];
        return row;
      };
      const cancelled = await insert('cancelled', 'Unwetterwarnung', '2031-05-09T20:00:00.456Z', false);
      const planned = await insert('planned', null, null, true);
      const earlier = (await announced(before.ds)).map((m) => m.version);

      // The re-announcement first, then every later migration (their number grows with each release).
      expect((await migrate(before.db)).slice(0, 3)).toEqual([
        'ReannounceEventFacts1763700100031',
        'EventMaxStands1763700100040',
        'EventTakenPlaces1763700100050',
      ]);
      // Read as the stands service reads them: a message from before the cap carries none (null).
      const messages = (await announced(before.ds)).filter((m) => !earlier.includes(m.version)).map((m) => JOB_PAYLOADS.EventFactsChanged.parse(m));
      expect(newestByEvent(messages)).toEqual(
        new Map([
          [cancelled.id, await stored(cancelled.id, before.ds)],
          [planned.id, await stored(planned.id, before.ds)],
        ]),
      );
      expect(newestByEvent(messages).get(cancelled.id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Unwetterwarnung',
        registrationDeadline: '2031-05-09T20:00:00.456Z',
        notifyOnRegistration: false,
      });
      // Every message, old or new, still parses as the catalogue defines it today.
      for (const m of await announced(before.ds)) expect(JOB_PAYLOADS.EventFactsChanged.safeParse(m).success).toBe(true);
    } finally {
      await before.drop();
    }
  });
});

describe('maxStands', () => {
  it('is stored at creation, announced to stands, and read back with the free places (approved stands taken off)', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    expect(created.maxStands).toBe(10);
    expect((await announced()).at(-1)).toMatchObject({ eventId: created.id, maxStands: 10 });
    await ds.query('UPDATE events.events SET "approved_stands" = 4 WHERE "id" = $1', [created.id]);
    expect(toEvent(await events.get(created.id))).toMatchObject({ maxStands: 10, freePlaces: 6 });
  });

  it('counts pending registrations as taken places once the stands service announces them', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    await new StandCountReadModel(ds).apply({ eventId: created.id, approvedStands: 4, takenPlaces: 9, version: 1 });
    expect(toEvent(await events.get(created.id))).toMatchObject({ maxStands: 10, freePlaces: 1 });
    await new StandCountReadModel(ds).apply({ eventId: created.id, approvedStands: 4, takenPlaces: 12, version: 2 });
    expect(toEvent(await events.get(created.id))).toMatchObject({ freePlaces: 0 });
  });

  it('has no cap by default: no freePlaces in reads; an edit that leaves it out keeps it, null removes it', async () => {
    const created = await events.create(organizer, body);
    expect(toEvent(created)).toMatchObject({ maxStands: null });
    expect(toEvent(created)).not.toHaveProperty('freePlaces');
    await events.update(organizer, created.id, { ...body, maxStands: 5 });
    expect((await events.update(organizer, created.id, body)).maxStands).toBe(5);
    expect((await events.update(organizer, created.id, { ...body, maxStands: null })).maxStands).toBeNull();
    expect((await announced()).at(-1)).toMatchObject({ eventId: created.id, maxStands: null });
  });

  it('refuses a cap below the approved stands with a German 400, and announces nothing', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    await ds.query('UPDATE events.events SET "approved_stands" = 7 WHERE "id" = $1', [created.id]);
    const before = (await announced()).length;
    await expect(events.update(organizer, created.id, { ...body, maxStands: 6 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: API_ERRORS.maxStandsBelowApproved(7),
    });
    expect(API_ERRORS.maxStandsBelowApproved(7)).toContain('(7)');
    expect((await events.get(created.id)).maxStands).toBe(10);
    expect((await announced()).length).toBe(before);
    // Exactly the approved count is fine; full means no free place, never a negative one.
    expect(toEvent(await events.update(organizer, created.id, { ...body, maxStands: 7 }))).toMatchObject({ maxStands: 7, freePlaces: 0 });
    await ds.query('UPDATE events.events SET "approved_stands" = 9 WHERE "id" = $1', [created.id]);
    expect(toEvent(await events.get(created.id)).freePlaces).toBe(0);
  });

  it('refuses 0 and fractions', async () => {
    await expect(events.create(organizer, { ...body, maxStands: 0 })).rejects.toMatchObject({ message: VALIDATION.invalidMaxStands });
    await expect(events.create(organizer, { ...body, maxStands: 2.5 })).rejects.toMatchObject({ message: VALIDATION.invalidMaxStands });
  });
});
