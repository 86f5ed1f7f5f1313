import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Meine Flohmärkte" (issue 30) shows each market's pending, waitlisted and rejected stands beside the
 * approved ones, from the events service's read model (EventStandCountChanged now carries them). This
 * announces every event's full counts once, with a version above each one sent before, so the read
 * model of an existing database holds them after the relay has run. Names of queue and job are spelled
 * out: a migration must mean the same forever (they are those of libs/contracts/src/jobs.ts today).
 */
export class AnnounceOrganiserCounts1763700200205 implements MigrationInterface {
  name = 'AnnounceOrganiserCounts1763700200205';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Events whose stands never moved a count before (pending ones without a cap) get their version row now.
    await q.query(
      `INSERT INTO "${s}"."approved_count_versions" ("event_id", "version") SELECT DISTINCT "event_id", 0 FROM "${s}"."stands" ON CONFLICT ("event_id") DO NOTHING`,
    );
    await q.query(
      `WITH bumped AS (UPDATE "${s}"."approved_count_versions" v SET "version" = v."version" + 1 RETURNING v."event_id", v."version")
       INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'events-events', 'EventStandCountChanged',
              jsonb_build_object(
                'eventId', b."event_id",
                'approvedStands', count(st."id") FILTER (WHERE st."status" = 'approved'),
                'takenPlaces', count(st."id") FILTER (WHERE st."status" IN ('approved', 'pending')),
                'pendingStands', count(st."id") FILTER (WHERE st."status" = 'pending'),
                'waitlistedStands', count(st."id") FILTER (WHERE st."status" = 'waitlisted'),
                'rejectedStands', count(st."id") FILTER (WHERE st."status" = 'rejected'),
                'version', b."version")
       FROM bumped b LEFT JOIN "${s}"."stands" st ON st."event_id" = b."event_id"
       GROUP BY b."event_id", b."version"`,
    );
  }

  async down(): Promise<void> {
    // The messages are harmless to older code: it reads the fields it knows.
  }
}
