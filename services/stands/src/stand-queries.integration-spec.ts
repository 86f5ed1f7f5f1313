import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { cascadeHandlers } from './jobs/cascade-handlers.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { eventListStatuses, userListStatuses } from './stands/stand-access.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandQueries } from './stands/stand-queries.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { newStand } from './testing/fixtures.js';

let ds: DataSource;
let queries: StandQueries;
let commands: StandCommands;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  queries = new StandQueries(ds.getRepository(StandEntity), ds.getRepository(ReviewEntity));
  commands = new StandCommands(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.approved_count_versions');
});

async function stand(eventId: string, exhibitorId: string | null, status: TStandStatus, createdAt?: Date): Promise<string> {
  const { identifiers } = await ds
    .getRepository(StandEntity)
    .insert({ eventId, exhibitorId, status, guestFirstName: exhibitorId ? null : 'Gast', ...(createdAt ? { createdAt } : {}) });
  return identifiers[0].id as string;
}

async function review(standId: string, rating: number, reviewerId: string = randomUUID()): Promise<void> {
  await ds.getRepository(ReviewEntity).insert({ standId, reviewerId, rating });
}

/** The StandDeleted messages to media (the approved counts have their own spec: approved-counts.integration-spec.ts). */
async function outbox(): Promise<{ queue: string; name: string; payload: Record<string, unknown> }[]> {
  return ds
    .getRepository(OutboxMessageEntity)
    .find({ select: { queue: true, name: true, payload: true }, where: { name: 'StandDeleted', queue: 'media-events' } });
}

const organizer = randomUUID();
const event = { organizerId: organizer, allowStandRegistration: true };

describe('an event stand list', () => {
  it('answers approved stands to the public and pending ones too to the organiser, never rejected ones, oldest first', async () => {
    const eventId = randomUUID();
    const first = await stand(eventId, randomUUID(), 'approved', new Date('2026-01-01T00:00:00Z'));
    const pendingGuest = await stand(eventId, null, 'pending', new Date('2026-01-02T00:00:00Z'));
    await stand(eventId, randomUUID(), 'rejected');
    const second = await stand(eventId, randomUUID(), 'approved', new Date('2026-01-03T00:00:00Z'));
    await stand(randomUUID(), randomUUID(), 'approved');

    const pub = await queries.ofEvent(eventId, eventListStatuses(null, event));
    expect(pub.map((s) => s.id)).toEqual([first, second]);
    const own = await queries.ofEvent(eventId, eventListStatuses({ id: organizer, role: 'organizer' }, event));
    expect(own.map((s) => s.id)).toEqual([first, pendingGuest, second]);
    expect((await queries.ofEvent(eventId, ['pending'])).map((s) => s.id)).toEqual([pendingGuest]);
  });
});

describe('a user stand list', () => {
  it('answers every status to the user, approved ones to others, newest first', async () => {
    const user = randomUUID();
    const old = await stand(randomUUID(), user, 'approved', new Date('2026-01-01T00:00:00Z'));
    const rejected = await stand(randomUUID(), user, 'rejected', new Date('2026-02-01T00:00:00Z'));
    const pending = await stand(randomUUID(), user, 'pending', new Date('2026-03-01T00:00:00Z'));
    await stand(randomUUID(), randomUUID(), 'approved');

    const mine = await queries.ofExhibitor(user, userListStatuses({ id: user, role: 'participant' }, user));
    expect(mine.map((s) => [s.id, s.status])).toEqual([
      [pending, 'pending'],
      [rejected, 'rejected'],
      [old, 'approved'],
    ]);
    expect((await queries.ofExhibitor(user, userListStatuses(null, user))).map((s) => s.id)).toEqual([old]);
  });

  it('knows whether a user already has an active stand at an event: a rejected or withdrawn one does not count', async () => {
    const user = randomUUID();
    const eventId = randomUUID();
    await stand(eventId, user, 'rejected');
    await stand(eventId, user, 'withdrawn');
    expect(await queries.hasStandAt(eventId, user)).toBe(false);
    await stand(eventId, user, 'pending');
    expect(await queries.hasStandAt(eventId, user)).toBe(true);
    expect(await queries.hasStandAt(randomUUID(), user)).toBe(false);
  });
});

describe('deleting stands', () => {
  it('deletes the stand with its reviews and announces StandDeleted to the media queue', async () => {
    const id = await stand(randomUUID(), randomUUID(), 'approved');
    const other = await stand(randomUUID(), randomUUID(), 'approved');
    await review(id, 3);
    await review(other, 5);
    expect(await commands.remove([id])).toEqual([id]);
    expect(await queries.one(id)).toBeNull();
    expect(await ds.getRepository(ReviewEntity).countBy({ standId: id })).toBe(0);
    expect(await ds.getRepository(ReviewEntity).countBy({ standId: other })).toBe(1);
    expect(await outbox()).toEqual([{ queue: 'media-events', name: 'StandDeleted', payload: { standId: id } }]);
    // Auth hears it too: the stand leaves every favourites list (issue 19).
    expect(await ds.getRepository(OutboxMessageEntity).countBy({ name: 'StandDeleted', queue: 'auth-events' })).toBe(1);
    // A second delete finds nothing and announces nothing.
    expect(await commands.remove([id])).toEqual([]);
    expect(await outbox()).toHaveLength(1);
  });

  it('refuses a second stand of one user at one event with the conflict sentence', async () => {
    const row = newStand({ eventId: randomUUID(), exhibitorId: randomUUID(), description: 'Bücher und mehr' });
    const created = await commands.registerStand(row);
    expect(created.status).toBe('pending');
    await expect(commands.registerStand(row)).rejects.toMatchObject({ code: 'CONFLICT', message: API_ERRORS.standAlreadyRegistered });
  });
});

describe('cascades', () => {
  const handlers = () => cascadeHandlers(commands);

  it('EventDeleted removes every stand of the event and its reviews, once', async () => {
    const eventId = randomUUID();
    const a = await stand(eventId, randomUUID(), 'approved');
    const b = await stand(eventId, null, 'pending');
    const kept = await stand(randomUUID(), randomUUID(), 'approved');
    await review(a, 4);
    await handlers().EventDeleted({ eventId });
    expect(await ds.getRepository(StandEntity).findBy({ eventId })).toEqual([]);
    expect(await ds.getRepository(ReviewEntity).countBy({ standId: a })).toBe(0);
    expect(await queries.one(kept)).not.toBeNull();
    const announced = (await outbox()).map((m) => m.payload.standId).sort();
    expect(announced).toEqual([a, b].sort());
    await handlers().EventDeleted({ eventId });
    expect(await outbox()).toHaveLength(2);
  });

  it("UserDeleted removes the user's stands and the reviews they wrote, once", async () => {
    const user = randomUUID();
    const own = await stand(randomUUID(), user, 'approved');
    const others = await stand(randomUUID(), randomUUID(), 'approved');
    await review(own, 5);
    await review(others, 2, user);
    await review(others, 4);
    await handlers().UserDeleted({ userId: user });
    expect(await queries.one(own)).toBeNull();
    expect(await ds.getRepository(ReviewEntity).countBy({ reviewerId: user })).toBe(0);
    expect(await ds.getRepository(ReviewEntity).countBy({ standId: others })).toBe(1);
    expect(await outbox()).toEqual([{ queue: 'media-events', name: 'StandDeleted', payload: { standId: own } }]);
    await handlers().UserDeleted({ userId: user });
    expect(await outbox()).toHaveLength(1);
  });

  it('ignores a malformed id instead of failing forever', async () => {
    await expect(handlers().EventDeleted({ eventId: 'kaputt' })).resolves.toBeUndefined();
    await expect(handlers().UserDeleted({ userId: 'kaputt' })).resolves.toBeUndefined();
  });
});
