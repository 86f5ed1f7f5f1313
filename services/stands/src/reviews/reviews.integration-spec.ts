import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, QUEUES, REVIEW_MESSAGES, STAND_API_ERRORS, type TJobPayload, type TReview } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { EventsClient } from '../peers/events-client.js';
import type { StandEntity } from '../stands/stand.entity.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { eventAnswerOf, eventFacts, insertStand } from '../testing/fixtures.js';
import { STAND_READS, jsonCalls, refused, user, withStandsApp } from '../testing/stands-app.js';
import { ExhibitorReviewsController } from './exhibitor-reviews.controller.js';
import { ReviewCommands } from './review-commands.js';
import { ReviewPresenter } from './review-presenter.js';
import { ReviewsController } from './reviews.controller.js';

/*
 * Reviews through the stands service's HTTP app: none at a cancelled market, the writer named only
 * as the page names them, and deleting one (its writer or an admin) with the exhibitor's average
 * following. The events service answers from a stub with the markets below.
 */

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const ORGANIZER = user('organizer');
const SELLER = user();
const WRITER = user();
const STRANGER = user();
const ADMIN = user('admin');

/** Began two hours ago, still running. */
const running = eventFacts({ organizerId: ORGANIZER['x-user-id'], startDateTime: hours(-2), endDateTime: hours(4) });
/** Began two hours ago too, but the organiser cancelled it. */
const cancelled = eventFacts({ organizerId: ORGANIZER['x-user-id'], startDateTime: hours(-2), endDateTime: hours(4), status: 'cancelled' });
/** Cancelled before it began. */
const cancelledAhead = eventFacts({ organizerId: ORGANIZER['x-user-id'], startDateTime: hours(20), endDateTime: hours(26), status: 'cancelled' });
const markets = [running, cancelled, cancelledAhead];

let fresh: FreshDatabase;
let base: string;

withStandsApp(
  {
    controllers: [ReviewsController, ExhibitorReviewsController],
    providers: [
      { provide: EventsClient, useValue: { find: async (id: string) => markets.map(eventAnswerOf).find((e) => e.id === id) ?? null } },
      ...STAND_READS,
      ReviewPresenter,
      ReviewCommands,
    ],
    events: markets,
    // Vera's profile is private: her reviews are public all the same, under her short name.
    users: [
      [WRITER['x-user-id'], 'Vera', 'Besuch', 'vera@example.org', false],
      [SELLER['x-user-id'], 'Sven', 'Verkäufer', 'sven@example.org'],
    ],
  },
  (started) => ({ base, fresh } = started),
);

const send = jsonCalls(() => base, { who: WRITER });
/** A stand at the market, approved, of a seller of its own unless told (one stand per seller and market). */
const standAt = async (market: { eventId: string }, values: Partial<StandEntity> = {}) =>
  (await insertStand(fresh.ds, { eventId: market.eventId, exhibitorId: randomUUID(), ...values })).id;
const review = (standId: string, who = WRITER, rating = 4) => send<TReview>('POST', `/stands/${standId}/reviews`, { rating, comment: 'Nie da gewesen' }, who);
const reviewsOf = async (standId: string) => (await send<TReview[]>('GET', `/stands/${standId}/reviews`, undefined, {})).body;

/** A seller's average rating as last announced to auth (ExhibitorStatsChanged, highest version). */
async function averageOf(sellerId: string): Promise<number | undefined> {
  const rows = await fresh.ds.getRepository(OutboxMessageEntity).find({ where: { name: 'ExhibitorStatsChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.auth)).toBe(true);
  const mine = rows.map((r) => r.payload as TJobPayload<'ExhibitorStatsChanged'>).filter((p) => p.userId === sellerId);
  return mine.sort((a, b) => b.version - a.version)[0]?.avgRating;
}

describe('reviews at a cancelled market', () => {
  it('are refused with a German 403, whether it was cancelled before or after its start, and move no average', async () => {
    const seller = randomUUID();
    const open = await standAt(running, { exhibitorId: seller });
    expect((await review(open, STRANGER, 5)).status).toBe(201);
    expect(await averageOf(seller)).toBe(5);

    for (const market of [cancelled, cancelledAhead]) {
      const standId = await standAt(market, { exhibitorId: seller });
      expect(await review(standId, WRITER, 1)).toEqual(refused(403, REVIEW_MESSAGES.eventCancelled));
      expect(await reviewsOf(standId)).toEqual([]);
    }
    expect(await averageOf(seller)).toBe(5);

    // The owner and a stand not approved keep their own sentences there.
    expect(await review(await standAt(cancelled, { exhibitorId: SELLER['x-user-id'] }), SELLER)).toEqual(refused(403, STAND_API_ERRORS.reviewOwnStand));
    expect(await review(await standAt(cancelled, { status: 'pending' }), ORGANIZER)).toEqual(refused(403, STAND_API_ERRORS.reviewNotApproved));
  });
});

describe("the writer's name in review reads", () => {
  it('is the first name and the initial of the last name, in every read, and the whole last name is never sent', async () => {
    const standId = await standAt(running, { exhibitorId: SELLER['x-user-id'] });
    const created = await review(standId);
    expect(created.status).toBe(201);
    const short = { id: WRITER['x-user-id'], firstName: 'Vera', lastName: 'B.' };
    expect(created.body.reviewer).toEqual(short);

    const reads = [
      await send('GET', `/stands/${standId}/reviews`, undefined, {}),
      await send('GET', `/stands/${standId}/reviews`, undefined, WRITER),
      await send('GET', `/stands/${standId}/reviews`, undefined, ADMIN),
      await send('GET', `/reviews?exhibitorId=${SELLER['x-user-id']}`, undefined, {}),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect((read.body as TReview[]).find((r) => r.id === created.body.id)?.reviewer).toEqual(short);
      expect(JSON.stringify(read.body)).not.toContain('Besuch');
    }
    expect(JSON.stringify(created.body)).not.toContain('Besuch');
  });
});

describe('deleting a review', () => {
  it('lets its writer delete their own (204): it leaves the list, the average follows, and they may review again', async () => {
    const seller = randomUUID();
    const standId = await standAt(running, { exhibitorId: seller });
    const low = await review(standId, WRITER, 1);
    expect((await review(standId, STRANGER, 5)).status).toBe(201);
    expect(await averageOf(seller)).toBe(3);

    const deleted = await send('DELETE', `/stands/${standId}/reviews/${low.body.id}`);
    expect(deleted).toMatchObject({ status: 204, body: null });
    expect((await reviewsOf(standId)).map((r) => r.rating)).toEqual([5]);
    expect(await averageOf(seller)).toBe(5);

    expect(await send('DELETE', `/stands/${standId}/reviews/${low.body.id}`)).toEqual(refused(404, REVIEW_MESSAGES.reviewNotFound));
    expect((await review(standId, WRITER, 4)).status).toBe(201);
  });

  it('refuses anyone else with a 403 (a stranger, the seller, the organiser), and lets an admin delete any', async () => {
    const owner = user();
    const standId = await standAt(running, { exhibitorId: owner['x-user-id'] });
    const written = await review(standId);
    const path = `/stands/${standId}/reviews/${written.body.id}`;
    for (const who of [STRANGER, owner, ORGANIZER]) expect(await send('DELETE', path, undefined, who)).toEqual(refused(403, API_ERRORS.forbidden));
    expect(await reviewsOf(standId)).toHaveLength(1);

    expect((await send('DELETE', path, undefined, ADMIN)).status).toBe(204);
    expect(await reviewsOf(standId)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed review, a review of another stand, an unknown stand, and a stand the caller may not see', async () => {
    const standId = await standAt(running);
    const other = await standAt(running);
    const elsewhere = await review(other);
    expect(await send('DELETE', `/stands/${standId}/reviews/${randomUUID()}`, undefined, ADMIN)).toEqual(refused(404, REVIEW_MESSAGES.reviewNotFound));
    expect(await send('DELETE', `/stands/${standId}/reviews/nicht-da`, undefined, ADMIN)).toEqual(refused(404, REVIEW_MESSAGES.reviewNotFound));
    // Another stand's review is no review of this one, even for its writer.
    expect(await send('DELETE', `/stands/${standId}/reviews/${elsewhere.body.id}`)).toEqual(refused(404, REVIEW_MESSAGES.reviewNotFound));
    expect(await send('DELETE', `/stands/${randomUUID()}/reviews/${elsewhere.body.id}`)).toEqual(refused(404, API_ERRORS.standNotFound));
    expect(await reviewsOf(other)).toHaveLength(1);

    const pending = await standAt(running, { status: 'pending' });
    expect(await send('DELETE', `/stands/${pending}/reviews/${randomUUID()}`, undefined, STRANGER)).toEqual(refused(404, API_ERRORS.standNotFound));
  });

  it('wants a signed-in caller', async () => {
    const standId = await standAt(running);
    const written = await review(standId);
    expect((await send('DELETE', `/stands/${standId}/reviews/${written.body.id}`, undefined, {})).status).toBe(401);
    expect(await reviewsOf(standId)).toHaveLength(1);
  });
});
