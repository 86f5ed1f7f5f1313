import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * UserProfileChanged now carries the user's e-mail address (the stands service mails stand
 * notices to it). One message per existing user, with a new version, so the read model of an
 * existing database learns every address after start. Names of queue and job are spelled out: a
 * migration must mean the same forever (they are those of libs/contracts/src/jobs.ts today).
 */
export class AnnounceUserEmails1763700000040 implements MigrationInterface {
  name = 'AnnounceUserEmails1763700000040';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'stands-events', 'UserProfileChanged',
              jsonb_build_object('userId', "id", 'firstName', "first_name", 'lastName', "last_name", 'email', "email",
                                 'version', nextval('"${s}"."user_profile_version"'))
       FROM "${s}"."users"`,
    );
  }

  async down(): Promise<void> {
    // The messages are harmless to older code (it ignores the address); nothing to undo.
  }
}
