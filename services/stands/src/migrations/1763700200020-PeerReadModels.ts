import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models of other contexts that stand reads use instead of a call: the facts of events
 * (EventFactsChanged) and the names of users (UserProfileChanged). The owners' own migrations
 * fill them in an existing database, through their outboxes.
 */
export class PeerReadModels1763700200020 implements MigrationInterface {
  name = 'PeerReadModels1763700200020';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."event_facts" (
      "event_id" uuid NOT NULL,
      "organizer_id" uuid,
      "latitude" text,
      "longitude" text,
      "start_date_time" TIMESTAMP WITH TIME ZONE,
      "end_date_time" TIMESTAMP WITH TIME ZONE,
      "allow_stand_registration" boolean,
      "deleted" boolean NOT NULL DEFAULT false,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_event_facts" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE TABLE "${s}"."user_names" (
      "user_id" uuid NOT NULL,
      "first_name" text,
      "last_name" text,
      "deleted" boolean NOT NULL DEFAULT false,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_user_names" PRIMARY KEY ("user_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."user_names"`);
    await q.query(`DROP TABLE "${s}"."event_facts"`);
  }
}
