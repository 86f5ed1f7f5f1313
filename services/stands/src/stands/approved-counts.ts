import type { EntityManager } from 'typeorm';
import { publish } from '@flohmarkt/server-kit';

/**
 * Announces each event's stand counts: approved, the places its cap counts (approved plus pending), and
 * pending, waitlisted and rejected for the organiser's "Meine Flohmärkte" (EventStandCountChanged, the
 * events service's read model), inside the caller's transaction and after its stand changes, so the message exists if
 * and only if the change committed.
 *
 * Race safety: the version comes from the event's row in approved_count_versions, raised by an
 * upsert that keeps the row locked until commit. A second transaction at the same event waits
 * there until the first has committed, and only then counts, in a statement of its own (READ
 * COMMITTED takes a new snapshot per statement): it sees the first one's change and announces a
 * higher version. So versions follow commit order, and the highest version always carries the
 * count after the last change. (An advisory lock would serialise as well, but would still need a
 * counter for the version; the row does both.) Events are locked in id order: two transactions
 * touching several events (a user's deletion) cannot deadlock on each other.
 */
export async function announceApprovedCounts(m: EntityManager, eventIds: Iterable<string>): Promise<void> {
  const versions = `"approved_count_versions"`;
  const stands = `"stands"`;
  for (const eventId of [...new Set(eventIds)].sort()) {
    const [{ version }] = (await m.query(
      `INSERT INTO ${versions} AS v ("event_id", "version") VALUES ($1, 1)
       ON CONFLICT ("event_id") DO UPDATE SET "version" = v."version" + 1 RETURNING "version"`,
      [eventId],
    )) as { version: string }[];
    const [counts] = (await m.query(
      `SELECT count(*) FILTER (WHERE "status" = 'approved')::int AS "approved", count(*) FILTER (WHERE "status" IN ('approved', 'pending'))::int AS "taken",
              count(*) FILTER (WHERE "status" = 'pending')::int AS "pending", count(*) FILTER (WHERE "status" = 'waitlisted')::int AS "waitlisted",
              count(*) FILTER (WHERE "status" = 'rejected')::int AS "rejected"
       FROM ${stands} WHERE "event_id" = $1`,
      [eventId],
    )) as { approved: number; taken: number; pending: number; waitlisted: number; rejected: number }[];
    await publish(m, 'EventStandCountChanged', {
      eventId,
      approvedStands: counts.approved,
      takenPlaces: counts.taken,
      pendingStands: counts.pending,
      waitlistedStands: counts.waitlisted,
      rejectedStands: counts.rejected,
      version: Number(version),
    });
  }
}
