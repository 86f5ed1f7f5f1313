import type { EntityManager } from 'typeorm';
import { CAPACITY_STAND_STATUSES } from '@flohmarkt/contracts';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { StandEntity } from './stand.entity.js';

/*
 * An event's cap on stands (maxStands) and its waitlist (docs/product.md#capacity-and-waitlist).
 * Every step that can take or free a place runs under the event's capacity lock, taken first in
 * its transaction, so two registrations at once never both see the last free place, and a place
 * freed while others register goes to the first on the list exactly once.
 */

/**
 * Takes the capacity locks of these events until the transaction ends (a transaction-scoped
 * advisory lock: it needs no row, so it works for an event the read model has not heard of yet).
 * Always in id order and before any row lock, so two steps touching several events, or an event
 * and its stands, cannot deadlock on each other.
 */
export async function lockCapacity(m: EntityManager, eventIds: Iterable<string>): Promise<void> {
  for (const eventId of [...new Set(eventIds)].sort()) {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`stands:capacity:${eventId}`]);
  }
}

/** Approved plus pending stands: the places taken. */
export function placesTaken(m: EntityManager, eventId: string): Promise<number> {
  return m
    .getRepository(StandEntity)
    .createQueryBuilder('s')
    .where('s.event_id = :eventId AND s.status IN (:...taken)', { eventId, taken: [...CAPACITY_STAND_STATUSES] })
    .getCount();
}

/**
 * Where a new registration goes, under the event's capacity lock: pending while a place is free
 * and nobody waits (first come, first served: a free place that nobody moved into yet belongs to
 * the list, whose promotion follows), otherwise the waitlist. No cap: always pending.
 */
export async function admission(m: EntityManager, eventId: string, maxStands: number | null | undefined): Promise<'pending' | 'waitlisted'> {
  if (maxStands == null) return 'pending';
  const [{ taken, waiting }] = (await m.query(
    `SELECT count(*) FILTER (WHERE "status" IN ('pending', 'approved'))::int AS "taken", count(*) FILTER (WHERE "status" = 'waitlisted')::int AS "waiting"
     FROM "stands" WHERE "event_id" = $1`,
    [eventId],
  )) as { taken: number; waiting: number }[];
  return waiting === 0 && taken < maxStands ? 'pending' : 'waitlisted';
}

/**
 * Moves the first on the waitlist up to pending while places are free (all of them without a
 * cap), inside the caller's transaction, which holds the event's capacity lock. Answers the stands
 * moved up, in list order.
 */
export async function promoteFromWaitlist(m: EntityManager, eventId: string, maxStands: number | null | undefined): Promise<StandEntity[]> {
  const free = maxStands == null ? null : maxStands - (await placesTaken(m, eventId));
  if (free !== null && free <= 0) return [];
  const rows = (await m.query(
    `UPDATE "stands" SET "status" = 'pending', "updated_at" = now()
     WHERE "id" IN (
       SELECT "id" FROM "stands" WHERE "event_id" = $1 AND "status" = 'waitlisted'
       ORDER BY "waitlisted_at" ASC, "id" ASC ${free === null ? '' : 'LIMIT $2'}
     )
     RETURNING "id"`,
    free === null ? [eventId] : [eventId, free],
  )) as [{ id: string }[], number];
  const ids = rows[0].map((r) => r.id);
  if (!ids.length) return [];
  const stands = await m.getRepository(StandEntity).createQueryBuilder('s').whereInIds(ids).getMany();
  return stands.sort((a, b) => (a.waitlistedAt?.getTime() ?? 0) - (b.waitlistedAt?.getTime() ?? 0) || a.id.localeCompare(b.id));
}

/**
 * The cap as the read model knows it: `known: false` for an event it has no facts of (not heard
 * of yet, or deleted), where nothing may be promoted by guesswork; the next facts catch up.
 */
export async function knownCap(m: EntityManager, eventId: string): Promise<{ known: boolean; maxStands: number | null }> {
  const row = await m.getRepository(EventFactsEntity).findOne({ select: { maxStands: true, organizerId: true, deleted: true }, where: { eventId } });
  if (!row || row.deleted || row.organizerId === null) return { known: false, maxStands: null };
  return { known: true, maxStands: row.maxStands };
}

/** Each waitlisted stand's place (1-based) on its event's list, for these stands; one query. */
export async function waitlistPositions(m: EntityManager, standIds: string[]): Promise<Map<string, number>> {
  if (!standIds.length) return new Map();
  const rows = (await m.query(
    `SELECT "id", "position" FROM (
       SELECT "id", row_number() OVER (PARTITION BY "event_id" ORDER BY "waitlisted_at" ASC, "id" ASC) AS "position"
       FROM "stands"
       WHERE "status" = 'waitlisted' AND "event_id" IN (SELECT DISTINCT "event_id" FROM "stands" WHERE "id" = ANY($1::uuid[]))
     ) ranked WHERE "id" = ANY($1::uuid[])`,
    [standIds],
  )) as { id: string; position: string }[];
  return new Map(rows.map((r) => [r.id, Number(r.position)]));
}
