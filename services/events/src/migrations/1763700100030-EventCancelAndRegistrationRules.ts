import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: an event can be cancelled with a reason, registration can close at a deadline, and
 * the organiser can switch off the mail about new registrations. Existing events keep what they
 * had: no reason, no deadline, the mail on.
 */
export class EventCancelAndRegistrationRules1763700100030 implements MigrationInterface {
  name = 'EventCancelAndRegistrationRules1763700100030';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" ADD "cancel_reason" text`);
    await q.query(`ALTER TABLE "${s}"."events" ADD "registration_deadline" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "${s}"."events" ADD "notify_on_registration" boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "notify_on_registration"`);
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "registration_deadline"`);
    await q.query(`ALTER TABLE "${s}"."events" DROP COLUMN "cancel_reason"`);
  }
}
