import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { migrate, pendingSchemaChanges } from '@flohmarkt/server-kit';
import { STANDS_MIGRATIONS } from './database.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase, type FreshDatabase } from './testing/fresh-database.js';

let fresh: FreshDatabase;

describe('stands database', () => {
  let ds: DataSource;

  withFreshStandsDatabase((db) => {
    fresh = db;
    ds = fresh.ds;
  });

  it('has a migration for every entity change', async () => {
    expect(await pendingSchemaChanges(fresh.db)).toEqual([]);
  });

  it('creates a stand as pending, with empty lists and no PayPal', async () => {
    const stands = ds.getRepository(StandEntity);
    const saved = await stands.save(stands.create({ eventId: randomUUID(), exhibitorId: randomUUID(), description: 'Bücher' }));
    const read = await stands.findOneByOrFail({ id: saved.id });
    expect(read).toMatchObject({
      status: 'pending',
      categories: [],
      foodCategories: [],
      activityCategories: [],
      photos: [],
      acceptsPayPal: false,
      standNumber: null,
      latitude: null,
    });
  });

  it('stores the category lists and coordinates as given', async () => {
    const stands = ds.getRepository(StandEntity);
    const saved = await stands.save({
      eventId: randomUUID(),
      exhibitorId: randomUUID(),
      categories: ['Bücher', 'Spielzeug'],
      latitude: '50.92080000',
      longitude: '6.95740000',
    });
    expect(await stands.findOneByOrFail({ id: saved.id })).toMatchObject({
      categories: ['Bücher', 'Spielzeug'],
      latitude: '50.92080000',
      longitude: '6.95740000',
    });
  });

  it('refuses a second stand of the same exhibitor at one event, but not at another event', async () => {
    const stands = ds.getRepository(StandEntity);
    const eventId = randomUUID();
    const exhibitorId = randomUUID();
    await stands.insert({ eventId, exhibitorId });
    await expect(stands.insert({ eventId, exhibitorId })).rejects.toThrow(/UQ_stands_event_id_exhibitor_id/);
    await expect(stands.insert({ eventId: randomUUID(), exhibitorId })).resolves.toBeDefined();
  });

  // TypeORM's schema diff ignores an index's WHERE clause, so the partial index is checked here.
  it('limits the one-stand rule to active stands of registered exhibitors (partial index)', async () => {
    const [index] = await ds.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = $2`, ['stands', 'UQ_stands_event_id_exhibitor_id']);
    expect(index?.indexdef).toMatch(
      /^CREATE UNIQUE INDEX .* \(event_id, exhibitor_id\) WHERE \(\(exhibitor_id IS NOT NULL\) AND \(status = ANY \(ARRAY\['pending'::text, 'approved'::text, 'waitlisted'::text\]\)\)\)$/,
    );
  });

  it('takes a new stand of a user whose earlier one at the event was rejected or withdrawn', async () => {
    const stands = ds.getRepository(StandEntity);
    const eventId = randomUUID();
    const exhibitorId = randomUUID();
    await stands.insert({ eventId, exhibitorId, status: 'rejected' });
    await stands.insert({ eventId, exhibitorId, status: 'withdrawn' });
    await stands.insert({ eventId, exhibitorId, status: 'pending' });
    await expect(stands.insert({ eventId, exhibitorId, status: 'approved' })).rejects.toThrow(/UQ_stands_event_id_exhibitor_id/);
    expect(await stands.countBy({ eventId, exhibitorId })).toBe(3);
  });

  it('keeps each manage token hash once', async () => {
    const stands = ds.getRepository(StandEntity);
    const manageTokenHash = 'f'.repeat(64);
    await stands.insert({ eventId: randomUUID(), guestFirstName: 'Eva', manageTokenHash });
    await expect(stands.insert({ eventId: randomUUID(), guestFirstName: 'Max', manageTokenHash })).rejects.toThrow(/UQ_stands_manage_token_hash/);
  });

  it('takes any number of guest stands at one event', async () => {
    const stands = ds.getRepository(StandEntity);
    const eventId = randomUUID();
    await stands.insert({ eventId, guestFirstName: 'Eva', guestLastName: 'Muster' });
    await stands.insert({ eventId, guestFirstName: 'Max', guestLastName: 'Muster' });
    const guests = await stands.findBy({ eventId });
    expect(guests).toHaveLength(2);
    expect(guests.every((s) => s.exhibitorId === null && s.status === 'pending')).toBe(true);
  });

  it('stores a review of a stand', async () => {
    const reviews = ds.getRepository(ReviewEntity);
    const standId = randomUUID();
    await reviews.insert({ standId, reviewerId: randomUUID(), rating: 5, comment: 'Tolle Auswahl' });
    const [read] = await reviews.findBy({ standId });
    expect(read).toMatchObject({ standId, rating: 5, comment: 'Tolle Auswahl' });
    expect(read?.createdAt).toBeInstanceOf(Date);
  });

  it('applies nothing when migrated again', async () => {
    expect(await migrate(fresh.db)).toEqual([]);
  });

  it('reverts the migrations and applies them again', async () => {
    for (let i = 0; i < STANDS_MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT to_regclass('stands.stands') AS t`)).toEqual([{ t: null }]);
    expect(await migrate(fresh.db)).toEqual(STANDS_MIGRATIONS.map((m) => m.name));
    expect(await pendingSchemaChanges(fresh.db)).toEqual([]);
  });
});
