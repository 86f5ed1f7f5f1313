import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { QUEUES, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { cascadeHandlers } from './jobs/cascade-handlers.js';
import { announceApprovedCounts } from './stands/approved-counts.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { newStand } from './testing/fixtures.js';

/*
 * The events service's read model of approved-stand counts, as the stands service announces it:
 * EventStandCountChanged in the transaction of every change that can move a count, with a version
 * that grows per event in commit order.
 */

type Announced = TJobPayload<'EventStandCountChanged'>;

let ds: DataSource;
let commands: StandCommands;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  commands = new StandCommands(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.approved_count_versions');
});

async function stand(eventId: string, status: TStandStatus, exhibitorId: string | null = randomUUID()): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId, exhibitorId, status, guestFirstName: exhibitorId ? null : 'Gast' });
  return identifiers[0].id as string;
}

/** The count messages in the outbox, oldest version first, all to the events queue (the approved count; every counter: withTaken). */
async function announced(on: DataSource = ds): Promise<Pick<Announced, 'eventId' | 'approvedStands' | 'version'>[]> {
  return (await withTaken(on)).map(({ takenPlaces: _t, pendingStands: _p, waitlistedStands: _w, rejectedStands: _r, ...approvedOnly }) => approvedOnly);
}

async function withTaken(on: DataSource = ds): Promise<Announced[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'EventStandCountChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.events)).toBe(true);
  return rows.map((r) => r.payload as Announced).sort((a, b) => a.eventId.localeCompare(b.eventId) || a.version - b.version);
}

/** Per event, the message with the highest version: what the read model ends up holding. */
async function latest(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const m of await announced()) out[m.eventId] = m.approvedStands;
  return out;
}

describe('EventStandCountChanged', () => {
  it("carries the places a cap counts (approved plus pending) and the organiser's counters beside the approved count", async () => {
    const eventId = randomUUID();
    const a = await stand(eventId, 'pending');
    await stand(eventId, 'pending', null);
    await stand(eventId, 'rejected');
    await stand(eventId, 'waitlisted');
    await stand(eventId, 'withdrawn');
    await commands.setStatus(a, 'approved');
    expect((await withTaken()).at(-1)).toEqual({
      eventId,
      approvedStands: 1,
      takenPlaces: 2,
      pendingStands: 1,
      waitlistedStands: 1,
      rejectedStands: 1,
      version: 1,
    });
  });

  it('announces the count after each moderation, with a version one higher each time', async () => {
    const eventId = randomUUID();
    const a = await stand(eventId, 'pending');
    const b = await stand(eventId, 'pending', null);
    await commands.setStatus(a, 'approved');
    await commands.setStatus(b, 'approved');
    await commands.setStatus(a, 'rejected');
    expect(await announced()).toEqual([
      { eventId, approvedStands: 1, version: 1 },
      { eventId, approvedStands: 2, version: 2 },
      { eventId, approvedStands: 1, version: 3 },
    ]);
  });

  it('announces a new stand (the organiser counts pending ones), and nothing for an edit that leaves the status alone', async () => {
    const eventId = randomUUID();
    const created = await commands.registerStand(newStand({ eventId, exhibitorId: randomUUID() }));
    expect(await withTaken()).toEqual([{ eventId, approvedStands: 0, takenPlaces: 1, pendingStands: 1, waitlistedStands: 0, rejectedStands: 0, version: 1 }]);
    await commands.update(created.id, { description: 'Bücher und Platten' });
    expect(await announced()).toHaveLength(1);
  });

  it('exists only if the change commits', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, 'pending');
    await expect(
      ds.transaction(async (m) => {
        await m.getRepository(StandEntity).update({ id }, { status: 'approved' });
        await announceApprovedCounts(m, [eventId]);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await announced()).toEqual([]);
    // The rolled-back version was not used up either: the next message is version 1.
    await commands.setStatus(id, 'approved');
    expect(await announced()).toEqual([{ eventId, approvedStands: 1, version: 1 }]);
  });

  it('announces a deleted counted stand (approved, pending...), not a deleted withdrawn one', async () => {
    const eventId = randomUUID();
    const approved = await stand(eventId, 'approved');
    const pending = await stand(eventId, 'pending');
    const withdrawn = await stand(eventId, 'withdrawn');
    await stand(eventId, 'approved');
    await commands.remove([withdrawn]);
    expect(await announced()).toEqual([]);
    await commands.remove([pending]);
    expect(await withTaken()).toMatchObject([{ eventId, approvedStands: 2, pendingStands: 0, version: 1 }]);
    await commands.remove([approved]);
    expect((await announced()).at(-1)).toEqual({ eventId, approvedStands: 1, version: 2 });
    // Deleted already: nothing happens, nothing is announced.
    await commands.remove([approved]);
    expect(await announced()).toHaveLength(2);
  });

  it("announces each event of a deleted user's approved stands once, and the deleted event's 0", async () => {
    const user = randomUUID();
    const [e1, e2, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await stand(e1, 'approved', user);
    await stand(e1, 'approved');
    await stand(e2, 'approved', user);
    await stand(gone, 'approved');
    await stand(gone, 'pending');
    const handlers = cascadeHandlers(commands);
    await handlers.UserDeleted({ userId: user });
    await handlers.EventDeleted({ eventId: gone });
    expect(await latest()).toEqual({ [e1]: 1, [e2]: 0, [gone]: 0 });
    expect(await announced()).toHaveLength(3);
  });

  it('leaves the right count under the highest version when moderations at one event race', async () => {
    const events = Array.from({ length: 6 }, () => randomUUID());
    const work: Promise<unknown>[] = [];
    const truth: Record<string, number> = {};
    for (const eventId of events) {
      const ids = await Promise.all([stand(eventId, 'pending'), stand(eventId, 'pending'), stand(eventId, 'approved'), stand(eventId, 'approved')]);
      // At once: two approvals, a rejection of an approved stand and the delete of another one (2 approved after).
      work.push(
        commands.setStatus(ids[0], 'approved'),
        commands.setStatus(ids[1], 'approved'),
        commands.setStatus(ids[2], 'rejected'),
        commands.remove([ids[3]]),
      );
      truth[eventId] = 2;
    }
    await Promise.all(work);
    expect(await latest()).toEqual(truth);
    // Versions are 1..n per event, without gaps or repeats.
    for (const eventId of events) expect((await announced()).filter((m) => m.eventId === eventId).map((m) => m.version)).toEqual([1, 2, 3, 4]);
  });
});
