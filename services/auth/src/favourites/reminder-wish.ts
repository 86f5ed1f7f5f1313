import type { EntityManager } from 'typeorm';
import { publish } from '@flohmarkt/server-kit';

/*
 * "Am Vorabend erinnern" (issue 34): auth keeps the wish on the favourites row, the stands service
 * sends the mail and learns the wish by ReminderWishChanged, written here in the transaction of the
 * change. Versions come from the favourite_reminder_version sequence, drawn only while the row is
 * locked by this transaction (FOR UPDATE, or the DELETE of the row): a second transaction changing
 * the same user's event draws after the first has committed, so versions follow commit order, and a
 * removed and kept-again event goes on above its removal's version.
 */

/**
 * Switches the reminder of a kept event on or off and announces it; nothing when it already is so,
 * or when the event is not (or no longer) on the user's list.
 */
export async function switchReminder(m: EntityManager, userId: string, eventId: string, remind: boolean): Promise<void> {
  const rows = (await m.query(`SELECT "remind" FROM "favourites" WHERE "user_id" = $1 AND "kind" = 'events' AND "target_id" = $2 FOR UPDATE`, [
    userId,
    eventId,
  ])) as { remind: boolean }[];
  if (!rows.length || rows[0].remind === remind) return;
  // TypeORM answers an UPDATE ... RETURNING run through query() as [rows, count].
  const [[{ version }]] = (await m.query(
    `UPDATE "favourites" SET "remind" = $3, "reminder_version" = nextval('"favourite_reminder_version"')
      WHERE "user_id" = $1 AND "kind" = 'events' AND "target_id" = $2
      RETURNING "reminder_version" AS "version"`,
    [userId, eventId, remind],
  )) as [{ version: string }[], number];
  await publish(m, 'ReminderWishChanged', { userId, eventId, remind, version: Number(version) });
}

/** The event left the user's list (its row already deleted, still locked by this transaction) while its reminder was on. */
export async function announceReminderDropped(m: EntityManager, userId: string, eventId: string): Promise<void> {
  const [{ version }] = (await m.query(`SELECT nextval('"favourite_reminder_version"') AS "version"`)) as { version: string }[];
  await publish(m, 'ReminderWishChanged', { userId, eventId, remind: false, version: Number(version) });
}
