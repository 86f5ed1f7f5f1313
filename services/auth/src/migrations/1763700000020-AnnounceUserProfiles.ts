import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stands service keeps every user's display names as a read model (UserProfileChanged). This
 * creates the sequence their versions come from (users/profile-announcement.ts) and fills the read
 * model of an existing database: one message per user, written into the outbox, which the relay
 * delivers after start. Names of queue and job are spelled out: a migration must mean the same
 * forever (they are those of libs/contracts/src/jobs.ts today).
 */
export class AnnounceUserProfiles1763700000020 implements MigrationInterface {
  name = 'AnnounceUserProfiles1763700000020';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE SEQUENCE "${s}"."user_profile_version" AS bigint`);
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'stands-events', 'UserProfileChanged',
              jsonb_build_object('userId', "id", 'firstName', "first_name", 'lastName', "last_name",
                                 'version', nextval('"${s}"."user_profile_version"'))
       FROM "${s}"."users"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'UserProfileChanged'`);
    await q.query(`DROP SEQUENCE "${s}"."user_profile_version"`);
  }
}
