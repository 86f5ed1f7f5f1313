import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of the media service's photo states (PhotoStateChanged) that stand reads list as
 * `photoStates`. The media service's own migration fills it in an existing database, through its
 * outbox; until then a listed photo reads as processing.
 */
export class PhotoStates1763700200030 implements MigrationInterface {
  name = 'PhotoStates1763700200030';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."photo_states" (
      "photo_id" uuid NOT NULL,
      "stand_id" uuid NOT NULL,
      "path" text NOT NULL,
      "state" text NOT NULL,
      "reason" text,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_photo_states" PRIMARY KEY ("photo_id"))`);
    await q.query(`CREATE INDEX "IDX_photo_states_stand_id" ON "${s}"."photo_states" ("stand_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."photo_states"`);
  }
}
