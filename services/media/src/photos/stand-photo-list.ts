import { API_ERRORS, LIMITS } from '@flohmarkt/contracts';
import { fail, publish } from '@flohmarkt/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { PhotoEntity } from './photo.entity.js';
import { parsePhotoPath, standPhotoPath } from './photo-keys.js';
import { announcePhotoState } from './photo-state-announcement.js';

/** A photo that is on its stand's list: processing or ready (failed and deleting ones are off it; an item's photo never is on it). */
const LISTED = ['processing', 'ready'];

interface ListedPhoto {
  id: string;
  position: number;
}

/**
 * A stand's photo list, owned here: which photos it lists, in which order, the 3-photo limit and
 * why the last upload was dropped. Every change runs in one transaction that first raises the
 * stand's version in `stand_photo_lists` (an upsert that keeps the row locked until commit), so the
 * changes of one stand follow one another: two uploads racing for the third place are counted one
 * after the other and one of them gets 409. The same transaction announces the list to the stands
 * service (StandPhotosChanged, with that version) and each photo's state (PhotoStateChanged).
 */
export class StandPhotoList {
  constructor(private readonly dataSource: DataSource) {}

  /** The listed paths now, in order (no lock: the cheap check before an upload stores anything). */
  async current(standId: string): Promise<string[]> {
    return (await this.listed(this.dataSource.manager, standId)).map((p) => standPhotoPath(standId, p.id));
  }

  /** An upload: the photo joins the end of the list as processing, or 409 when the list is full. */
  add(photo: { id: string; standId: string; originalKey: string }): Promise<string[]> {
    return this.change(photo.standId, async (m, list) => {
      const listed = await this.listed(m, photo.standId);
      if (listed.length >= LIMITS.maxPhotosPerStand) throw fail.conflict(API_ERRORS.tooManyPhotos);
      const position = listed.length ? Math.max(...listed.map((p) => p.position)) + 1 : 0;
      await m.getRepository(PhotoEntity).insert({ ...photo, position, status: 'processing' });
      await announcePhotoState(m, photo, 'processing');
      list.photoError = null;
    });
  }

  /**
   * Photos leave the list for good (marked 'deleting'; PhotoPurge removes their objects and rows
   * after the commit). Ids not on this stand, or already leaving, change nothing; the list is
   * announced anyway, so a copy that still shows a path media does not list (an old external URL)
   * drops it. Answers the list after the change.
   */
  remove(standId: string, photoIds: string[]): Promise<string[]> {
    return this.change(standId, async (m) => {
      await this.markLeaving(m, standId, photoIds);
    });
  }

  /**
   * The worker gave a photo up: it leaves the list as failed, and the stand says why. Answers
   * whether this call made the change (false: deleted meanwhile, or failed before).
   */
  async fail(photo: { id: string; standId: string; itemId?: string | null }, detail: string, reason: string): Promise<boolean> {
    // An item's photo is on no stand list: only its own state changes (the item's path then reads failed).
    if (photo.itemId) return this.failItemPhoto({ ...photo, itemId: photo.itemId }, detail, reason);
    let failed = false;
    await this.change(photo.standId, async (m, list) => {
      const changed = await m.getRepository(PhotoEntity).update({ id: photo.id, status: 'processing' }, { status: 'failed', failureReason: detail });
      if (!changed.affected) return 'unchanged';
      failed = true;
      await announcePhotoState(m, photo, 'failed', reason);
      list.photoError = reason;
    });
    return failed;
  }

  private failItemPhoto(photo: { id: string; standId: string; itemId: string }, detail: string, reason: string): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const changed = await m.getRepository(PhotoEntity).update({ id: photo.id, status: 'processing' }, { status: 'failed', failureReason: detail });
      if (!changed.affected) return false;
      await announcePhotoState(m, photo, 'failed', reason);
      return true;
    });
  }

  /**
   * A stand edit's order and removals (StandPhotosEdited). Removals always apply: a removed photo
   * never comes back, whenever the message arrives. The order applies only when the edit is newer
   * than the last one applied; photos the editor did not know of (an upload racing the edit) keep
   * their order after the ones it names. Answers the ids the edit removes: their objects go next
   * (on a repeat again, which finishes a removal the object store was down for).
   */
  async edit(standId: string, edit: { photos: string[]; removed: string[]; editVersion: number }): Promise<string[]> {
    const removed = this.idsOf(standId, edit.removed);
    await this.change(standId, async (m, list) => {
      const left = await this.markLeaving(m, standId, removed);
      // A repeated or older edit: only its removals count, and those are done already.
      if (Number(list.editVersion) >= edit.editVersion) return left ? undefined : 'unchanged';
      list.editVersion = String(edit.editVersion);
      const wanted = this.idsOf(standId, edit.photos);
      const listed = await this.listed(m, standId);
      const rank = (p: ListedPhoto): number => (wanted.includes(p.id) ? wanted.indexOf(p.id) : wanted.length + p.position);
      const ordered = [...listed].sort((a, b) => rank(a) - rank(b));
      for (const [position, photo] of ordered.entries()) {
        if (photo.position !== position) await m.getRepository(PhotoEntity).update({ id: photo.id }, { position });
      }
    });
    return removed;
  }

  /**
   * One change of a stand's list: lock and raise the stand's row, run the change, announce the list
   * as it is then. A change that answers 'unchanged' announces nothing and leaves the version.
   */
  private change(
    standId: string,
    work: (m: EntityManager, list: { photoError: string | null; editVersion: string }) => Promise<void | 'unchanged'>,
  ): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(
        `INSERT INTO "stand_photo_lists" AS l ("stand_id", "version") VALUES ($1, 1)
         ON CONFLICT ("stand_id") DO UPDATE SET "version" = l."version" + 1
         RETURNING "version", "edit_version" AS "editVersion", "photo_error" AS "photoError"`,
        [standId],
      )) as { version: string; editVersion: string; photoError: string | null }[];
      const list = { photoError: row.photoError, editVersion: row.editVersion };
      if ((await work(m, list)) === 'unchanged') {
        // Nothing to tell: the version goes back (the row is still locked by this transaction).
        await m.query(`UPDATE "stand_photo_lists" SET "version" = "version" - 1 WHERE "stand_id" = $1`, [standId]);
        return this.paths(m, standId);
      }
      await m.query(`UPDATE "stand_photo_lists" SET "photo_error" = $2, "edit_version" = $3 WHERE "stand_id" = $1`, [
        standId,
        list.photoError,
        list.editVersion,
      ]);
      const photos = await this.paths(m, standId);
      await publish(m, 'StandPhotosChanged', { standId, photos, photoError: list.photoError, version: Number(row.version) });
      return photos;
    });
  }

  /** Marks photos of this stand as leaving and announces each as removed; those already gone change nothing. Answers how many left. */
  private async markLeaving(m: EntityManager, standId: string, photoIds: string[]): Promise<number> {
    if (!photoIds.length) return 0;
    const [marked] = (await m.query(
      `UPDATE "photos" SET "status" = 'deleting', "updated_at" = now()
       WHERE "stand_id" = $1 AND "id" = ANY($2::uuid[]) AND "item_id" IS NULL AND "status" <> 'deleting' RETURNING "id"`,
      [standId, photoIds],
    )) as [{ id: string }[], number];
    for (const { id } of marked) await announcePhotoState(m, { id, standId }, 'removed');
    return marked.length;
  }

  private async listed(m: EntityManager, standId: string): Promise<ListedPhoto[]> {
    return (await m.query(
      `SELECT "id", "position" FROM "photos" WHERE "stand_id" = $1 AND "item_id" IS NULL AND "status" = ANY($2) ORDER BY "position", "created_at"`,
      [standId, LISTED],
    )) as ListedPhoto[];
  }

  private async paths(m: EntityManager, standId: string): Promise<string[]> {
    return (await this.listed(m, standId)).map((p) => standPhotoPath(standId, p.id));
  }

  /** The photo ids of this stand among paths; anything else (another stand's, an external URL) is skipped. */
  private idsOf(standId: string, paths: string[]): string[] {
    return paths.flatMap((path) => {
      const photo = parsePhotoPath(path);
      return photo && photo.standId === standId ? [photo.photoId] : [];
    });
  }
}
