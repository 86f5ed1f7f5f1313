import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18, capacity with a waitlist: the event's cap in the read model of events (null: none,
 * as every event had before), the instant a stand joined the waitlist (its place: first come,
 * first served, drawn under the event's capacity lock), and the one-registration rule extended to
 * waitlisted stands (a user waits with one registration, not several). The new status
 * 'waitlisted' needs no change: status is a text column.
 */
export class StandCapacity1763700200110 implements MigrationInterface {
  name = 'StandCapacity1763700200110';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."event_facts" ADD "max_stands" integer`);
    await q.query(`ALTER TABLE "${s}"."stands" ADD "waitlisted_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_event_id_exhibitor_id"`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "${s}"."stands" ("event_id", "exhibitor_id")
       WHERE "exhibitor_id" IS NOT NULL AND "status" IN ('pending', 'approved', 'waitlisted')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Without a waitlist its stands become plain registrations again.
    await q.query(`UPDATE "${s}"."stands" SET "status" = 'pending' WHERE "status" = 'waitlisted'`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_event_id_exhibitor_id"`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "${s}"."stands" ("event_id", "exhibitor_id")
       WHERE "exhibitor_id" IS NOT NULL AND "status" IN ('pending', 'approved')`,
    );
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "waitlisted_at"`);
    await q.query(`ALTER TABLE "${s}"."event_facts" DROP COLUMN "max_stands"`);
  }
}
