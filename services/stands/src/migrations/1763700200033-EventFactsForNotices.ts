import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event facts the stands service's mails and registration rule need beyond the first ones
 * (issue 17): name, place, status and cancel reason, registration deadline, and whether the
 * organiser wants the mail about new registrations. The events service's migration
 * ReannounceEventFacts fills them for existing events, through its outbox; until then a row reads
 * as planned, without deadline, with the mail on, and without name or place.
 */
export class EventFactsForNotices1763700200033 implements MigrationInterface {
  name = 'EventFactsForNotices1763700200033';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."event_facts"
      ADD "name" text,
      ADD "location" text,
      ADD "status" text NOT NULL DEFAULT 'planned',
      ADD "cancel_reason" text,
      ADD "registration_deadline" TIMESTAMP WITH TIME ZONE,
      ADD "notify_on_registration" boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."event_facts"
      DROP COLUMN "notify_on_registration",
      DROP COLUMN "registration_deadline",
      DROP COLUMN "cancel_reason",
      DROP COLUMN "status",
      DROP COLUMN "location",
      DROP COLUMN "name"`);
  }
}
