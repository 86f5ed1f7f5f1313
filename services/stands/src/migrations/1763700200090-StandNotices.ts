import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the stands service needs to tell people about their stands (notifications/): the users'
 * e-mail addresses in the read model of names (auth's own migration re-announces every user with
 * it), the opt-outs of notification mails, and the organiser's digest of new registrations
 * (registrations not mailed yet, and when an event's last digest left).
 */
export class StandNotices1763700200090 implements MigrationInterface {
  name = 'StandNotices1763700200090';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."user_names" ADD "email" text`);
    await q.query(`CREATE TABLE "${s}"."mail_opt_outs" (
      "token" text NOT NULL,
      "address" text NOT NULL,
      "scope" text NOT NULL,
      "event_id" uuid,
      "opted_out_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_mail_opt_outs" PRIMARY KEY ("token"))`);
    // One token per address, scope and event: every mail of that kind carries the same link.
    await q.query(
      `CREATE UNIQUE INDEX "UQ_mail_opt_outs_subject" ON "${s}"."mail_opt_outs" ("address", "scope", COALESCE("event_id", '00000000-0000-0000-0000-000000000000'))`,
    );
    await q.query(`CREATE TABLE "${s}"."digest_entries" (
      "stand_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_digest_entries" PRIMARY KEY ("stand_id"))`);
    await q.query(`CREATE INDEX "IDX_digest_entries_event_id" ON "${s}"."digest_entries" ("event_id")`);
    await q.query(`CREATE TABLE "${s}"."digests_sent" (
      "event_id" uuid NOT NULL,
      "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_digests_sent" PRIMARY KEY ("event_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."digests_sent"`);
    await q.query(`DROP TABLE "${s}"."digest_entries"`);
    await q.query(`DROP TABLE "${s}"."mail_opt_outs"`);
    await q.query(`ALTER TABLE "${s}"."user_names" DROP COLUMN "email"`);
  }
}
