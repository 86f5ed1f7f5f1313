import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organiser's counters of "Meine Flohmärkte" (issue 30): pending, waitlisted and rejected stands, kept
 * from the stands service's EventStandCountChanged beside the approved count (the stands service announces
 * every event's full counts once after its own migration). 0 until the first such message.
 */
export class EventOrganiserCounts1763700100110 implements MigrationInterface {
  name = 'EventOrganiserCounts1763700100110';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(
      `ALTER TABLE "${s}"."events" ADD "pending_stands" integer NOT NULL DEFAULT 0, ADD "waitlisted_stands" integer NOT NULL DEFAULT 0, ADD "rejected_stands" integer NOT NULL DEFAULT 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "rejected_stands", DROP COLUMN "waitlisted_stands", DROP COLUMN "pending_stands"`);
  }
}
