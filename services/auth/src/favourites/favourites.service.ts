import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FAVOURITE_MESSAGES, FAVOURITES_MAX_PER_KIND, VALIDATION, ZId, isId, type TFavouriteKind, type TFavourites } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/**
 * A user's favourites. PUT and DELETE are idempotent; ids are not checked against events or stands
 * (no synchronous call for a bookmark): deleted ones are filtered by the owners' delete messages.
 */
@Injectable()
export class FavouritesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's ids by kind, the most recently added first. */
  async list(userId: string): Promise<TFavourites> {
    const rows = (await this.dataSource.query(
      `SELECT "kind", "target_id" AS "id" FROM "favourites" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "target_id"`,
      [userId],
    )) as { kind: TFavouriteKind; id: string }[];
    return {
      events: rows.filter((row) => row.kind === 'events').map((row) => row.id),
      stands: rows.filter((row) => row.kind === 'stands').map((row) => row.id),
    };
  }

  /**
   * 400 for a malformed id or a full list; else kept (again: nothing changes). An id already deleted
   * (tombstone) is accepted and not stored: the caller's list simply does not show it.
   */
  async add(userId: string, kind: TFavouriteKind, rawId: string): Promise<void> {
    const id = validId(rawId);
    // One statement: the limit and the tombstone are checked with the insert.
    const inserted = (await this.dataSource.query(
      `INSERT INTO "favourites" ("user_id", "kind", "target_id")
       SELECT $1, $2, $3
       WHERE NOT EXISTS (SELECT 1 FROM "favourite_tombstones" WHERE "kind" = $2 AND "target_id" = $3)
         AND (SELECT count(*) FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2) < $4
       ON CONFLICT DO NOTHING
       RETURNING 1`,
      [userId, kind, id, FAVOURITES_MAX_PER_KIND],
    )) as unknown[];
    if (inserted.length) return;
    const [{ kept, gone }] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2 AND "target_id" = $3) AS "kept",
              EXISTS (SELECT 1 FROM "favourite_tombstones" WHERE "kind" = $2 AND "target_id" = $3) AS "gone"`,
      [userId, kind, id],
    )) as [{ kept: boolean; gone: boolean }];
    if (!kept && !gone) throw fail.invalid(FAVOURITE_MESSAGES.tooMany);
  }

  /** Removes the entry if there is one (400 only for a malformed id). */
  async remove(userId: string, kind: TFavouriteKind, rawId: string): Promise<void> {
    const id = validId(rawId);
    await this.dataSource.query(`DELETE FROM "favourites" WHERE "user_id" = $1 AND "kind" = $2 AND "target_id" = $3`, [userId, kind, id]);
  }

  /**
   * The event or stand is gone (its owner's delete message): out of every list, and a tombstone so a
   * PUT that arrives later does not bring it back. Idempotent; a malformed id is skipped.
   */
  async forget(kind: TFavouriteKind, id: string): Promise<void> {
    if (!isId(id)) return;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO "favourite_tombstones" ("kind", "target_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [kind, id]);
      await manager.query(`DELETE FROM "favourites" WHERE "kind" = $1 AND "target_id" = $2`, [kind, id]);
    });
  }
}

function validId(raw: string): string {
  const parsed = ZId.safeParse(raw);
  if (!parsed.success) throw fail.invalid(VALIDATION.invalidId);
  return parsed.data.toLowerCase();
}
