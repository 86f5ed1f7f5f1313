import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIdempotentRequestsTableSql, dropIdempotentRequestsTableSql } from '@flohmarkt/server-kit';

/** The record of safe retries (Idempotency-Key, docs/adr/0016-idempotent-writes.md). */
export class IdempotentRequests1763700300030 implements MigrationInterface {
  name = 'IdempotentRequests1763700300030';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createIdempotentRequestsTableSql(q.connection.driver.schema ?? 'public')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropIdempotentRequestsTableSql(q.connection.driver.schema ?? 'public')) await q.query(sql);
  }
}
