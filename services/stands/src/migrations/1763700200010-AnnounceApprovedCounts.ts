import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events service keeps each event's approved-stand count as a read model
 * (EventStandCountChanged). This creates the per-event version counter (approved-counts.ts) and
 * fills the read model of an existing database: one message with the current count, version 1,
 * per event that has stands, written into the outbox, which the relay delivers after start.
 * Events without a message keep the events service's 0. Names of queue and job are spelled out:
 * a migration must mean the same forever (they are those of libs/contracts/src/jobs.ts today).
 */
export class AnnounceApprovedCounts1763700200010 implements MigrationInterface {
  name = 'AnnounceApprovedCounts1763700200010';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."approved_count_versions" (
      "event_id" uuid NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_approved_count_versions" PRIMARY KEY ("event_id"))`);
    await q.query(`INSERT INTO "${s}"."approved_count_versions" ("event_id", "version") SELECT DISTINCT "event_id", 1 FROM "${s}"."stands"`);
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'events-events', 'EventStandCountChanged',
              jsonb_build_object('eventId', "event_id", 'approvedStands', count(*) FILTER (WHERE "status" = 'approved'), 'version', 1)
       FROM "${s}"."stands" GROUP BY "event_id"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'EventStandCountChanged'`);
    await q.query(`DROP TABLE "${s}"."approved_count_versions"`);
  }
}
