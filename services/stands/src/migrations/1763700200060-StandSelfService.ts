import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-service (issue 17): the organiser's reason for a rejection, a guest's e-mail and the
 * SHA-256 of their manage token (the token itself is never stored), and the one-stand rule limited
 * to active stands, so a rejected or withdrawn stand does not block a new registration of the same
 * user at the event. The new status 'withdrawn' needs no change: status is a text column.
 */
export class StandSelfService1763700200060 implements MigrationInterface {
  name = 'StandSelfService1763700200060';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."stands" ADD "rejection_reason" text`);
    await q.query(`ALTER TABLE "${s}"."stands" ADD "guest_email" text`);
    await q.query(`ALTER TABLE "${s}"."stands" ADD "manage_token_hash" text`);
    await q.query(`CREATE UNIQUE INDEX "UQ_stands_manage_token_hash" ON "${s}"."stands" ("manage_token_hash")`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_event_id_exhibitor_id"`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "${s}"."stands" ("event_id", "exhibitor_id")
       WHERE "exhibitor_id" IS NOT NULL AND "status" IN ('pending', 'approved')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Going back to one stand per user and event for good: only the newest stand of a user at an event stays.
    await q.query(
      `DELETE FROM "${s}"."stands" a USING "${s}"."stands" b
       WHERE a."exhibitor_id" IS NOT NULL AND a."event_id" = b."event_id" AND a."exhibitor_id" = b."exhibitor_id"
         AND (a."created_at", a."id") < (b."created_at", b."id")`,
    );
    await q.query(`DELETE FROM "${s}"."reviews" r WHERE NOT EXISTS (SELECT 1 FROM "${s}"."stands" x WHERE x."id" = r."stand_id")`);
    await q.query(`UPDATE "${s}"."stands" SET "status" = 'rejected' WHERE "status" = 'withdrawn'`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_event_id_exhibitor_id"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "${s}"."stands" ("event_id", "exhibitor_id") WHERE "exhibitor_id" IS NOT NULL`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_manage_token_hash"`);
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "manage_token_hash"`);
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "guest_email"`);
    await q.query(`ALTER TABLE "${s}"."stands" DROP COLUMN "rejection_reason"`);
  }
}
