import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { JOB_RETRY, LIST_EVENTS, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, bullConnection, bullPrefix, parseCallQuery, startConsumer } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { eventsJobHandlers } from '../jobs/events-job-handlers.js';
import { EventsService } from '../events/events.service.js';
import { EventSearch } from '../search/event-search.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { StandCountReadModel } from './stand-count-read-model.js';
import { StandStreetReadModel } from './stand-street-read-model.js';
import { TeamNamesReadModel } from './team-names.js';
import { TeamService } from '../team/team.service.js';

type Change = TJobPayload<'EventStandCountChanged'>;

/** A count message whose stands are all approved (the other counters follow from it). */
function count(eventId: string, approvedStands: number, version: number): Change {
  return { eventId, approvedStands, takenPlaces: approvedStands, pendingStands: 0, waitlistedStands: 0, rejectedStands: 0, version };
}

let fresh: FreshDatabase;
let ds: DataSource;
let model: StandCountReadModel;

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  ds = fresh.ds;
  model = new StandCountReadModel(ds);
});

afterAll(async () => {
  await fresh?.drop();
});

async function event(name = 'Hofflohmarkt'): Promise<EventEntity> {
  const events = ds.getRepository(EventEntity);
  const saved = await events.save(
    events.create({
      name,
      location: 'Köln',
      latitude: '50.93750000',
      longitude: '6.96030000',
      startDateTime: new Date('2031-05-10T08:00:00Z'),
      endDateTime: new Date('2031-05-10T14:00:00Z'),
      organizerId: randomUUID(),
    }),
  );
  return events.findOneByOrFail({ id: saved.id });
}

async function stored(id: string): Promise<{ approvedStands: number; approvedStandsVersion: string; updatedAt: Date } | null> {
  return ds.getRepository(EventEntity).findOne({ select: { approvedStands: true, approvedStandsVersion: true, updatedAt: true }, where: { id } });
}

describe('the approved-stand count read model', () => {
  it('starts at 0 for a new event, and follows the announcements', async () => {
    const { id } = await event();
    expect(await stored(id)).toMatchObject({ approvedStands: 0, approvedStandsVersion: '0' });
    expect(await model.apply(count(id, 1, 1))).toBe(true);
    expect(await model.apply(count(id, 2, 2))).toBe(true);
    expect(await stored(id)).toMatchObject({ approvedStands: 2, approvedStandsVersion: '2' });
  });

  it('ends in the same state whether messages come in order, twice, or in reverse order', async () => {
    const changes = (eventId: string): Change[] => [count(eventId, 1, 1), count(eventId, 2, 2), count(eventId, 1, 3)];
    const [inOrder, twice, reversed] = [await event('a'), await event('b'), await event('c')];
    for (const c of changes(inOrder.id)) await model.apply(c);
    for (const c of changes(twice.id)) {
      await model.apply(c);
      expect(await model.apply(c)).toBe(false);
    }
    const applied: boolean[] = [];
    for (const c of changes(reversed.id).reverse()) applied.push(await model.apply(c));
    expect(applied).toEqual([true, false, false]);
    const state = async (id: string) => {
      const row = await stored(id);
      return [row?.approvedStands, row?.approvedStandsVersion];
    };
    expect(await state(inOrder.id)).toEqual([1, '3']);
    expect(await state(twice.id)).toEqual([1, '3']);
    expect(await state(reversed.id)).toEqual([1, '3']);
  });

  it("keeps the event's updated_at: a stand approval is not an edit of the event", async () => {
    const created = await event();
    await model.apply(count(created.id, 4, 1));
    expect((await stored(created.id))?.updatedAt.toISOString()).toBe(created.updatedAt.toISOString());
  });

  it('ignores messages about deleted or unknown events and malformed ids, leaving nothing behind', async () => {
    const gone = await event();
    await ds.getRepository(EventEntity).delete({ id: gone.id });
    expect(await model.apply(count(gone.id, 0, 7))).toBe(false);
    expect(await model.apply(count('kaputt', 1, 1))).toBe(false);
    expect(await stored(gone.id)).toBeNull();
  });

  it('is what the list and the detail read, with no call to the stands service', async () => {
    const { id } = await event('Gezählt');
    await model.apply(count(id, 5, 1));
    expect((await new EventsService(ds).get(id)).approvedStands).toBe(5);
    const { events } = await new EventSearch(ds).find(parseCallQuery(LIST_EVENTS, { ids: id }));
    expect(events.map((e) => [e.id, e.approvedStands])).toEqual([[id, 5]]);
  });
});

describe('the events queue consumer', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`stand-counts-it-${randomBytes(4).toString('hex')}:`);
  const queue = new Queue(QUEUES.events, { connection, prefix });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  });

  it('applies EventStandCountChanged jobs, also the backfill version 1 arriving after a newer change', async () => {
    const events = new EventsService(ds);
    const team = new TeamService(ds, events, { PUBLIC_URL: 'http://localhost:8080' });
    const worker = startConsumer('events', eventsJobHandlers(events, model, new StandStreetReadModel(ds), team, new TeamNamesReadModel(ds)), {
      connection,
      prefix,
      logger: new JsonLogger('events-spec', 'error'),
    });
    try {
      const [backfilled, late] = [await event('Nachgetragen'), await event('Spät')];
      const add = (id: string, data: Change) => queue.add('EventStandCountChanged', data, { jobId: id, attempts: JOB_RETRY.attempts });
      await add('b1', count(backfilled.id, 3, 1));
      // A change at `late` overtook its backfill message: the backfill's older count must not win.
      await add('l2', count(late.id, 2, 2));
      await add('l1', count(late.id, 1, 1));
      const deadline = Date.now() + 10_000;
      while ((await queue.getCompletedCount()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await queue.getFailedCount()).toBe(0);
      expect((await stored(backfilled.id))?.approvedStands).toBe(3);
      expect((await stored(late.id))?.approvedStands).toBe(2);
    } finally {
      await worker.close();
    }
  });
});
