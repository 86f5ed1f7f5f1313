import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: an optional cap on an event's stands (approved plus pending; beyond it registrations
 * wait on a list). Existing events have none (null), which is also what the stands service
 * assumes for facts announced before, so no re-announcement is needed.
 */
export class EventMaxStands1763700100040 implements MigrationInterface {
  name = 'EventMaxStands1763700100040';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" ADD "max_stands" integer`);
    await q.query(`ALTER TABLE "${s}"."events" ADD CONSTRAINT "CHK_events_max_stands" CHECK ("max_stands" IS NULL OR "max_stands" >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" DROP CONSTRAINT "CHK_events_max_stands"`);
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "max_stands"`);
  }
}
