import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Am Vorabend erinnern" on a kept event (issue 34): `remind` is the user's wish, which the stands
 * service learns by ReminderWishChanged (favourites/reminder-wish.ts). `reminder_version` is the
 * version last announced for the row, drawn from one sequence after the row is locked: versions
 * follow commit order per user and event, and an event removed and kept again continues above the
 * version its removal announced (a per-row counter would start again at 1). Only an event can
 * carry a reminder (a stand's PUT with `remind` is a 400 before it reaches the table).
 */
export class FavouriteReminders1764900400000 implements MigrationInterface {
  name = 'FavouriteReminders1764900400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "favourites"
      ADD COLUMN "remind" boolean NOT NULL DEFAULT false,
      ADD COLUMN "reminder_version" bigint NOT NULL DEFAULT 0,
      ADD CONSTRAINT "CHK_favourites_remind_events" CHECK (NOT "remind" OR "kind" = 'events')`);
    await q.query(`CREATE SEQUENCE "favourite_reminder_version" AS bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SEQUENCE "favourite_reminder_version"`);
    await q.query(`ALTER TABLE "favourites" DROP CONSTRAINT "CHK_favourites_remind_events", DROP COLUMN "reminder_version", DROP COLUMN "remind"`);
  }
}
