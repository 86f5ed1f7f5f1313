import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy per stand (issue 20): how exactly the public sees its position before the event day, whether
 * it sees the person's name, and when the retention job anonymised it. Existing stands keep today's
 * behaviour (exact, name). Written out in full: a migration must mean the same forever.
 */
export class StandPrivacy1763700200130 implements MigrationInterface {
  name = 'StandPrivacy1763700200130';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."stands" ADD "location_precision" text NOT NULL DEFAULT 'exact'`);
    await q.query(`ALTER TABLE "${s}"."stands" ADD "name_display" text NOT NULL DEFAULT 'name'`);
    await q.query(`ALTER TABLE "${s}"."stands" ADD "anonymised_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "anonymised_at"`);
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "name_display"`);
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "location_precision"`);
  }
}
