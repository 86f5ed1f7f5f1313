import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { FAVOURITE_MESSAGES, FAVOURITES_MAX_PER_KIND, VALIDATION, ZId, isId, type TFavouriteKind, type TFavourites } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { announceReminderDropped, switchReminder } from './reminder-wish.js';

/**
 * A user's favourites. PUT and DELETE are idempotent; ids are not checked against events or stands
 * (no synchronous call for a bookmark): deleted ones are filtered by the owners' delete messages.
 */
@Injectable()
export class FavouritesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's ids by kind, the most recently added first; `reminders`: the kept events whose reminder is on, in the same order. */
  async list(userId: string): Promise<TFavourites> {
    const rows = (await this.dataSource.query(
      `SELECT "kind", "target_id" AS "id", "remind" FROM "favourites" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "target_id"`,
      [userId],
    )) as { kind: TFavouriteKind; id: string; remind: boolean }[];
    const events = rows.filter((row) => row.kind === 'events');
    return {
      events: events.map((row) => row.id),
      stands: rows.filter((row) => row.kind === 'stands').map((row) => row.id),
      reminders: events.filter((row) => row.remind).map((row) => row.id),
    };
  }

  /**
   * 400 for a malformed id, a full list or `remind` for a stand; else kept (again: nothing changes).
   * `remind` true/false switches a kept event's reminder on/off (announced to the stands service),
   * left out keeps it as it was; a new entry starts without. An id already deleted (tombstone) is
   * accepted and not stored: the caller's list simply does not show it.
   */
  async add(userId: string, kind: TFavouriteKind, rawId: string, remind?: boolean): Promise<void> {
    const id = validId(rawId);
    if (remind !== undefined && kind !== 'events') throw fail.invalid(FAVOURITE_MESSAGES.remindEventsOnly);
    await this.dataSource.transaction(async (m) => {
      const kept = await keep(m, userId, kind, id);
      if (kept && remind !== undefined) await switchReminder(m, userId, id, remind);
    });
  }

  /** Removes the entry if there is one, an event with its reminder (400 only for a malformed id). */
  async remove(userId: string, kind: TFavouriteKind, rawId: string): Promise<void> {
    const id = validId(rawId);
    await this.dataSource.transaction(async (m) => {
      // TypeORM answers a DELETE ... RETURNING run through query() as [rows, count].
      const [removed] = (await m.query(`DELETE FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2 AND "target_id" = $3 RETURNING "remind"`, [
        userId,
        kind,
        id,
      ])) as [{ remind: boolean }[], number];
      if (removed[0]?.remind) await announceReminderDropped(m, userId, id);
    });
  }

  /**
   * The event or stand is gone (its owner's delete message): out of every list, and a tombstone so a
   * PUT that arrives later does not bring it back. Idempotent; a malformed id is skipped. Reminders
   * of a deleted event are not announced: the stands service ends them on EventDeleted itself.
   */
  async forget(kind: TFavouriteKind, id: string): Promise<void> {
    if (!isId(id)) return;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO "favourite_tombstones" ("kind", "target_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [kind, id]);
      await manager.query(`DELETE FROM "favourites" WHERE "kind" = $1 AND "target_id" = $2`, [kind, id]);
    });
  }
}

/**
 * Puts the entry on the list unless it is there, deleted (tombstone) or the list is full (400).
 * True when it is on the list afterwards.
 */
async function keep(m: EntityManager, userId: string, kind: TFavouriteKind, id: string): Promise<boolean> {
  // A removal of the same entry committing between the insert (which met the entry) and the look
  // after it leaves neither: that is no full list, and the insert is tried again, after the removal.
  for (let attempt = 1; ; attempt++) {
    const outcome = await tryKeep(m, userId, kind, id);
    if (outcome !== 'raced' || attempt === 3) return outcome === true;
  }
}

async function tryKeep(m: EntityManager, userId: string, kind: TFavouriteKind, id: string): Promise<boolean | 'raced'> {
  // One statement: the limit and the tombstone are checked with the insert.
  const inserted = (await m.query(
    `INSERT INTO "favourites" ("user_id", "kind", "target_id")
     SELECT $1, $2, $3
     WHERE NOT EXISTS (SELECT 1 FROM "favourite_tombstones" WHERE "kind" = $2 AND "target_id" = $3)
       AND (SELECT count(*) FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2) < $4
     ON CONFLICT DO NOTHING
     RETURNING 1`,
    [userId, kind, id, FAVOURITES_MAX_PER_KIND],
  )) as unknown[];
  if (inserted.length) return true;
  const [{ kept, gone, full }] = (await m.query(
    `SELECT EXISTS (SELECT 1 FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2 AND "target_id" = $3) AS "kept",
            EXISTS (SELECT 1 FROM "favourite_tombstones" WHERE "kind" = $2 AND "target_id" = $3) AS "gone",
            (SELECT count(*) FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2) >= $4 AS "full"`,
    [userId, kind, id, FAVOURITES_MAX_PER_KIND],
  )) as [{ kept: boolean; gone: boolean; full: boolean }];
  if (kept || gone) return kept;
  if (full) throw fail.invalid(FAVOURITE_MESSAGES.tooMany);
  return 'raced';
}

function validId(raw: string): string {
  const parsed = ZId.safeParse(raw);
  if (!parsed.success) throw fail.invalid(VALIDATION.invalidId);
  return parsed.data.toLowerCase();
}
