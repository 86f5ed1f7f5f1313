import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { QUEUES, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { cascadeHandlers } from './jobs/cascade-handlers.js';
import { ReviewCommands } from './reviews/review-commands.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { announceExhibitorStats } from './stands/exhibitor-stats.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { newStand } from './testing/fixtures.js';

/*
 * The auth service's read model of exhibitor figures, as the stands service announces it:
 * ExhibitorStatsChanged in the transaction of every change that can move an exhibitor's approved
 * stands or average rating, with a version that grows per exhibitor in commit order.
 */

type Announced = TJobPayload<'ExhibitorStatsChanged'>;
type Figures = Pick<Announced, 'totalStands' | 'avgRating'>;

let ds: DataSource;
let stands: StandCommands;
let reviews: ReviewCommands;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  stands = new StandCommands(ds);
  reviews = new ReviewCommands(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.exhibitor_stats_versions');
});

async function stand(exhibitorId: string | null, status: TStandStatus, eventId: string = randomUUID()): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId, exhibitorId, status, guestFirstName: exhibitorId ? null : 'Gast' });
  return identifiers[0].id as string;
}

async function review(standId: string, rating: number, reviewerId: string = randomUUID()): Promise<void> {
  await ds.getRepository(ReviewEntity).insert({ standId, reviewerId, rating, comment: null });
}

/** The figures messages in the outbox, oldest version first, all to the auth queue. */
async function announced(on: DataSource = ds): Promise<Announced[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'ExhibitorStatsChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.auth)).toBe(true);
  return rows.map((r) => r.payload as Announced).sort((a, b) => a.userId.localeCompare(b.userId) || a.version - b.version);
}

/** Per exhibitor, the message with the highest version: what the read model ends up holding. */
async function latest(): Promise<Record<string, Figures>> {
  const out: Record<string, Figures> = {};
  for (const { userId, totalStands, avgRating } of await announced()) out[userId] = { totalStands, avgRating };
  return out;
}

describe('ExhibitorStatsChanged', () => {
  it('announces the figures after each moderation, with a version one higher each time', async () => {
    const seller = randomUUID();
    const [a, b] = [await stand(seller, 'pending'), await stand(seller, 'pending')];
    await review(a, 5);
    await review(a, 4);
    await stands.setStatus(a, 'approved');
    await stands.setStatus(b, 'approved');
    await stands.setStatus(a, 'rejected');
    expect(await announced()).toEqual([
      { userId: seller, totalStands: 1, avgRating: 4.5, version: 1 },
      { userId: seller, totalStands: 2, avgRating: 4.5, version: 2 },
      { userId: seller, totalStands: 1, avgRating: 0, version: 3 },
    ]);
  });

  it('announces nothing for a new stand, an edit that leaves the status alone, or a guest stand', async () => {
    const created = await stands.registerStand(newStand({ eventId: randomUUID(), exhibitorId: randomUUID() }));
    await stands.update(created.id, { description: 'Bücher und Platten' });
    const guest = await stand(null, 'pending');
    await stands.setStatus(guest, 'approved');
    await reviews.create({ standId: guest, reviewerId: randomUUID(), rating: 3, comment: null }, null);
    expect(await announced()).toEqual([]);
  });

  it('announces the new average with each review, rounded to two decimals', async () => {
    const seller = randomUUID();
    const [a, b] = [await stand(seller, 'approved'), await stand(seller, 'approved')];
    await reviews.create({ standId: a, reviewerId: randomUUID(), rating: 5, comment: null }, seller);
    await reviews.create({ standId: a, reviewerId: randomUUID(), rating: 4, comment: 'Schön' }, seller);
    await reviews.create({ standId: b, reviewerId: randomUUID(), rating: 4, comment: null }, seller);
    expect(await announced()).toEqual([
      { userId: seller, totalStands: 2, avgRating: 5, version: 1 },
      { userId: seller, totalStands: 2, avgRating: 4.5, version: 2 },
      { userId: seller, totalStands: 2, avgRating: 4.33, version: 3 },
    ]);
  });

  it('exists only if the change commits, and a refused review announces nothing', async () => {
    const seller = randomUUID();
    const id = await stand(seller, 'approved');
    await expect(
      ds.transaction(async (m) => {
        await m.getRepository(ReviewEntity).insert({ standId: id, reviewerId: randomUUID(), rating: 1, comment: null });
        await announceExhibitorStats(m, [seller]);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const reviewer = randomUUID();
    await reviews.create({ standId: id, reviewerId: reviewer, rating: 2, comment: null }, seller);
    // The second review of the same visitor: refused by the unique index, its message rolled back with it.
    await expect(reviews.create({ standId: id, reviewerId: reviewer, rating: 5, comment: null }, seller)).rejects.toThrow();
    // The rolled-back versions were not used up either.
    expect(await announced()).toEqual([{ userId: seller, totalStands: 1, avgRating: 2, version: 1 }]);
  });

  it('announces a deleted approved stand, not a deleted pending one', async () => {
    const seller = randomUUID();
    const approved = await stand(seller, 'approved');
    const pending = await stand(seller, 'pending');
    const kept = await stand(seller, 'approved');
    await review(approved, 1);
    await review(kept, 4);
    await stands.remove([pending]);
    expect(await announced()).toEqual([]);
    await stands.remove([approved]);
    expect(await announced()).toEqual([{ userId: seller, totalStands: 1, avgRating: 4, version: 1 }]);
    // Deleted already: nothing happens, nothing is announced.
    await stands.remove([approved]);
    expect(await announced()).toHaveLength(1);
  });

  it("announces a deleted user's 0 and the new figures of every exhibitor they reviewed, each once", async () => {
    const [gone, reviewed, other] = [randomUUID(), randomUUID(), randomUUID()];
    await stand(gone, 'approved');
    await stand(gone, 'pending');
    const r1 = await stand(reviewed, 'approved');
    const r2 = await stand(reviewed, 'approved');
    const o1 = await stand(other, 'approved');
    await review(r1, 1, gone);
    await review(r1, 5);
    await review(r2, 2, gone);
    await review(o1, 3);
    const handlers = cascadeHandlers(stands);
    await handlers.UserDeleted({ userId: gone });
    expect(await latest()).toEqual({ [gone]: { totalStands: 0, avgRating: 0 }, [reviewed]: { totalStands: 2, avgRating: 5 } });
    expect(await announced()).toHaveLength(2);
    // A second delivery finds nothing left to delete: nothing new.
    await handlers.UserDeleted({ userId: gone });
    expect(await announced()).toHaveLength(2);
  });

  it("announces an exhibitor's figures when their event is deleted", async () => {
    const seller = randomUUID();
    const eventId = randomUUID();
    await stand(seller, 'approved', eventId);
    const elsewhere = await stand(seller, 'approved');
    await review(elsewhere, 3);
    await cascadeHandlers(stands).EventDeleted({ eventId });
    expect(await announced()).toEqual([{ userId: seller, totalStands: 1, avgRating: 3, version: 1 }]);
  });

  it('leaves the right figures under the highest version when reviews and moderations of one exhibitor race', async () => {
    const sellers = Array.from({ length: 4 }, () => randomUUID());
    const work: Promise<unknown>[] = [];
    const truth: Record<string, Figures> = {};
    for (const seller of sellers) {
      const [a, b, c, d] = await Promise.all([stand(seller, 'approved'), stand(seller, 'pending'), stand(seller, 'approved'), stand(seller, 'approved')]);
      await review(c, 1);
      // At once: two reviews on a, approving b, deleting c (with its 1) and rejecting d.
      work.push(
        reviews.create({ standId: a, reviewerId: randomUUID(), rating: 5, comment: null }, seller),
        reviews.create({ standId: a, reviewerId: randomUUID(), rating: 4, comment: null }, seller),
        stands.setStatus(b, 'approved'),
        stands.remove([c]),
        stands.setStatus(d, 'rejected'),
      );
      truth[seller] = { totalStands: 2, avgRating: 4.5 };
    }
    await Promise.all(work);
    expect(await latest()).toEqual(truth);
    // Versions are 1..n per exhibitor, without gaps or repeats.
    for (const seller of sellers) expect((await announced()).filter((m) => m.userId === seller).map((m) => m.version)).toEqual([1, 2, 3, 4, 5]);
  });
});
