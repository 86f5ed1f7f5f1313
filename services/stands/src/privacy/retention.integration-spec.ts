import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import type { TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { eventFacts, eventsReadModel } from '../testing/fixtures.js';
import { Retention } from './retention.js';

const NOW = new Date('2026-08-01T03:30:00.000Z');
const LAT = '50.92080000';
const LNG = '6.95740000';

let ds: DataSource;
let events: EventFactsReadModel;
let retention: Retention;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds);
  retention = new Retention(ds, { RETENTION_DAYS: 30, RETENTION_CRON: '30 3 * * *', LOG_LEVEL: 'error' }, new StandCommands(ds));
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.event_facts, stands.previous_invitations');
});

async function eventEnding(end: string): Promise<string> {
  const eventId = randomUUID();
  await events.apply(eventFacts({ eventId, latitude: '50.92', longitude: '6.95', startDateTime: end, endDateTime: end, name: 'Hofflohmarkt' }));
  return eventId;
}

async function guestStand(eventId: string, status: TStandStatus = 'approved', updatedAt?: Date): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({
    eventId,
    status,
    guestFirstName: 'Erika',
    guestLastName: 'Mustermann',
    guestEmail: 'erika@example.org',
    manageTokenHash: randomUUID().replace(/-/g, '').padEnd(64, 'a'),
    latitude: LAT,
    longitude: LNG,
  });
  const id = identifiers[0].id as string;
  if (updatedAt) await ds.query('UPDATE stands.stands SET "updated_at" = $2 WHERE "id" = $1', [id, updatedAt]);
  return id;
}

const row = (id: string) => ds.getRepository(StandEntity).findOneBy({ id });

describe('retention (RETENTION_DAYS = 30, the clock fixed)', () => {
  it("erases a guest's names, e-mail, manage token and exact position 30 days after the event ends, not a day earlier", async () => {
    const past = await guestStand(await eventEnding('2026-06-30T16:00:00.000Z'));
    const recent = await guestStand(await eventEnding('2026-07-03T16:00:00.000Z'));

    expect(await retention.run(NOW)).toEqual({ anonymised: 1, deleted: 0 });
    const erased = await row(past);
    expect(erased).toMatchObject({ guestFirstName: null, guestLastName: null, guestEmail: null, manageTokenHash: null, status: 'approved' });
    expect([erased?.latitude, erased?.longitude]).not.toEqual([LAT, LNG]);
    expect(erased?.anonymisedAt?.toISOString()).toBe(NOW.toISOString());
    expect(await row(recent)).toMatchObject({ guestFirstName: 'Erika', guestEmail: 'erika@example.org', latitude: LAT });
  });

  it('forgets whom a market’s organiser invited 30 days after the market ends, not a day earlier (issue 34)', async () => {
    const past = await eventEnding('2026-06-30T16:00:00.000Z');
    const recent = await eventEnding('2026-07-03T16:00:00.000Z');
    for (const eventId of [past, recent])
      await ds.query(`INSERT INTO stands.previous_invitations ("event_id", "seller_key", "stand_id") VALUES ($1, 'erika@example.org', $2)`, [
        eventId,
        randomUUID(),
      ]);
    await retention.run(NOW);
    expect(await ds.query(`SELECT "event_id" AS "eventId" FROM stands.previous_invitations`)).toEqual([{ eventId: recent }]);
  });

  it('deletes rejected and withdrawn stands 30 days after their last change and announces StandDeleted (their photos)', async () => {
    const eventId = await eventEnding('2026-09-01T16:00:00.000Z');
    const oldRejected = await guestStand(eventId, 'rejected', new Date('2026-06-15T00:00:00.000Z'));
    const oldWithdrawn = await guestStand(eventId, 'withdrawn', new Date('2026-06-20T00:00:00.000Z'));
    const freshRejected = await guestStand(eventId, 'rejected', new Date('2026-07-20T00:00:00.000Z'));
    const approved = await guestStand(eventId, 'approved', new Date('2026-06-01T00:00:00.000Z'));

    expect(await retention.run(NOW)).toEqual({ anonymised: 0, deleted: 2 });
    expect(await row(oldRejected)).toBeNull();
    expect(await row(oldWithdrawn)).toBeNull();
    expect(await row(freshRejected)).not.toBeNull();
    expect(await row(approved)).not.toBeNull();
    const announced = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'StandDeleted', queue: 'media-events' } });
    expect(announced.map((m) => (m.payload as { standId: string }).standId).sort()).toEqual([oldRejected, oldWithdrawn].sort());
  });

  it('changes nothing when run again', async () => {
    await guestStand(await eventEnding('2026-06-01T16:00:00.000Z'));
    await guestStand(await eventEnding('2026-09-01T16:00:00.000Z'), 'withdrawn', new Date('2026-05-01T00:00:00.000Z'));
    expect(await retention.run(NOW)).toEqual({ anonymised: 1, deleted: 1 });
    expect(await retention.run(NOW)).toEqual({ anonymised: 0, deleted: 0 });
    expect(await ds.getRepository(OutboxMessageEntity).count({ where: { name: 'StandDeleted', queue: 'media-events' } })).toBe(1);
  });
});
