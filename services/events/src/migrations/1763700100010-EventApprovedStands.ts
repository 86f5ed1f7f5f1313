import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each event's approved-stand count as the stands service last announced it
 * (EventStandCountChanged), and that message's version: reads need no call to stands. An event
 * without a message has 0 (version 0, below every version stands sends).
 */
export class EventApprovedStands1763700100010 implements MigrationInterface {
  name = 'EventApprovedStands1763700100010';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" ADD "approved_stands" integer NOT NULL DEFAULT 0, ADD "approved_stands_version" bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "approved_stands_version", DROP COLUMN "approved_stands"`);
  }
}
