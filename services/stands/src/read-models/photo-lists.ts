import type { DataSource, EntityManager } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';
import { publish } from '@flohmarkt/server-kit';

/*
 * The stand's photo list as the stands service keeps it: a copy of the media service's list (media
 * owns the photos, their order, the 3-photo limit and why an upload was dropped). The paths and
 * the reason live on the stand row (`photos`, `photo_error`), so a stand read needs nothing else;
 * the versions live in `photo_lists`.
 *
 * Lock order, the same in both directions: the stand row first, then its `photo_lists` row. An
 * edit updates the stand and then raises the edit version; applying a list locks the stand first.
 */

type TPhotoList = TJobPayload<'StandPhotosChanged'>;

/**
 * StandPhotosChanged: applies a list only when its version is newer than the one applied last, so
 * a message delivered twice or after a newer one leaves the newest list. A list of a stand that is
 * gone (or never was) changes nothing. Answers whether it changed the copy.
 */
export function applyPhotoList(dataSource: DataSource, m: TPhotoList): Promise<boolean> {
  if (!isId(m.standId)) return Promise.resolve(false);
  return dataSource.transaction(async (t) => {
    const stand = (await t.query(`SELECT 1 FROM "stands" WHERE "id" = $1 FOR NO KEY UPDATE`, [m.standId])) as unknown[];
    if (!stand.length) return false;
    const newer = (await t.query(
      `INSERT INTO "photo_lists" AS l ("stand_id", "version") VALUES ($1, $2)
       ON CONFLICT ("stand_id") DO UPDATE SET "version" = excluded."version" WHERE l."version" < excluded."version"
       RETURNING 1`,
      [m.standId, m.version],
    )) as unknown[];
    if (!newer.length) return false;
    await t.query(`UPDATE "stands" SET "photos" = $2, "photo_error" = $3, "updated_at" = now() WHERE "id" = $1`, [m.standId, m.photos, m.photoError]);
    return true;
  });
}

/** What an edit asks of the list: the order it wants and what leaves; null when it changes nothing. */
export function photoEditOf(stored: readonly string[], wanted: readonly string[]): { photos: string[]; removed: string[] } | null {
  const removed = stored.filter((path) => !wanted.includes(path));
  const sameOrder = wanted.length === stored.length && wanted.every((path, i) => path === stored[i]);
  return removed.length || !sameOrder ? { photos: [...wanted], removed } : null;
}

/**
 * Inside the edit's transaction, after the stand row was written with the wanted list (which the
 * copy shows at once): asks media to follow (StandPhotosEdited), with this stand's next edit
 * version so that media applies an order only when newer. The message leaves if and only if the
 * edit commits. An edit that changes nothing of the list sends nothing.
 */
export async function requestPhotoEdit(m: EntityManager, standId: string, stored: readonly string[], wanted: readonly string[]): Promise<void> {
  const edit = photoEditOf(stored, wanted);
  if (!edit) return;
  const [row] = (await m.query(
    `INSERT INTO "photo_lists" AS l ("stand_id", "edit_version") VALUES ($1, 1)
     ON CONFLICT ("stand_id") DO UPDATE SET "edit_version" = l."edit_version" + 1
     RETURNING "edit_version" AS "editVersion"`,
    [standId],
  )) as { editVersion: string }[];
  await publish(m, 'StandPhotosEdited', { standId, ...edit, editVersion: Number(row.editVersion) });
}
