import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';

/**
 * Who wants the reminder mail the evening before which event (issue 34), from auth's
 * ReminderWishChanged: auth owns the Merkliste and its switch, the stands service sends the mails
 * (reminders/event-reminders.ts). A message applies only when newer than the stored version, so a
 * message delivered twice or late leaves the newest state; a deleted user or event takes its wishes.
 */
@Injectable()
export class ReminderWishesReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, or malformed). */
  async apply(m: TJobPayload<'ReminderWishChanged'>): Promise<boolean> {
    if (!isId(m.userId) || !isId(m.eventId)) return false;
    const applied = (await this.dataSource.query(
      `INSERT INTO "reminder_wishes" AS w ("user_id", "event_id", "remind", "version") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id", "event_id") DO UPDATE SET "remind" = excluded."remind", "version" = excluded."version"
       WHERE w."version" < excluded."version"
       RETURNING 1`,
      [m.userId, m.eventId, m.remind, m.version],
    )) as unknown[];
    return applied.length > 0;
  }

  /** UserDeleted: none of their wishes stays. Idempotent. */
  async forgetUser(userId: string): Promise<void> {
    if (isId(userId)) await this.dataSource.query(`DELETE FROM "reminder_wishes" WHERE "user_id" = $1`, [userId]);
  }

  /** EventDeleted: nobody is reminded of it, and its record of sent reminders goes too. Idempotent. */
  async forgetEvent(eventId: string): Promise<void> {
    if (!isId(eventId)) return;
    await this.dataSource.query(`DELETE FROM "reminder_wishes" WHERE "event_id" = $1`, [eventId]);
    await this.dataSource.query(`DELETE FROM "reminders_sent" WHERE "event_id" = $1`, [eventId]);
  }
}
