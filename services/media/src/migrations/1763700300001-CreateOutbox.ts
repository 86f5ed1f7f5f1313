import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTableSql } from '@flohmarkt/server-kit';

/** The messaging runtime (StandDeleted consumer) relays from this table; media publishes nothing yet. */
export class CreateOutbox1763700300001 implements MigrationInterface {
  name = 'CreateOutbox1763700300001';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createOutboxTableSql(q.connection.driver.schema ?? 'public')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${q.connection.driver.schema ?? 'public'}"."outbox"`);
  }
}
