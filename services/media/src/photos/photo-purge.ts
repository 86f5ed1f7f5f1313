import { Not, type Repository } from 'typeorm';
import type { JsonLogger } from '@flohmarkt/server-kit';
import type { ObjectStore } from '../storage/object-store.js';
import { isStorageUnavailable } from '../storage/storage-errors.js';
import { PhotoEntity } from './photo.entity.js';
import { allPhotoKeys, standPrefix } from './photo-keys.js';
import { announcePhotoState } from './photo-state-announcement.js';

/**
 * Removes the objects of photos and then their rows: idempotent, so a repeat (a retried job, the
 * sweep) finishes what an interrupted run began. Shared by the API process and the worker. A
 * single photo has left its stand's list before (StandPhotoList marked it 'deleting' and announced
 * it); a deleted stand's photos are marked and announced as removed here.
 */
export class PhotoPurge {
  constructor(
    private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * One photo that has left its list ('deleting'); one still listed or processing keeps everything. While the store is unreachable the row stays
   * (never served again) and the worker's sweep removes it later; answers whether it is gone.
   */
  async photo(standId: string, photoId: string): Promise<boolean> {
    // Only a photo that has left (or whose row is gone already): a path naming a photo that is still
    // listed elsewhere, e.g. an item's under the stand's own path, must not take its objects.
    if (await this.photos.exists({ where: { id: photoId, standId, status: Not('deleting') } })) return false;
    try {
      await this.store.remove(allPhotoKeys(standId, photoId));
    } catch (err) {
      if (!isStorageUnavailable(err)) throw err;
      this.logger.write('warn', 'photo objects kept for later removal', { standId, photoId, error: (err as Error).message });
      return false;
    }
    await this.photos.delete({ id: photoId, standId, status: 'deleting' });
    return true;
  }

  /**
   * Every photo of an item that is gone (issue 35): marked and announced as removed, then its
   * objects and rows go (those the store keeps for now, the sweep later). Idempotent. For the
   * message of an item's deletion, once the stands service sends one; a deleted stand's items go
   * with the stand (stand()).
   */
  async item(itemId: string): Promise<number> {
    const left = await this.photos.manager.transaction(async (m) => {
      const [marked] = (await m.query(
        `UPDATE "photos" SET "status" = 'deleting', "updated_at" = now() WHERE "item_id" = $1 AND "status" <> 'deleting'
         RETURNING "id", "stand_id" AS "standId", "item_id" AS "itemId"`,
        [itemId],
      )) as [{ id: string; standId: string; itemId: string }[], number];
      for (const photo of marked) await announcePhotoState(m, photo, 'removed');
      return m.getRepository(PhotoEntity).find({ select: { id: true, standId: true }, where: { itemId, status: 'deleting' } });
    });
    let purged = 0;
    for (const photo of left) if (await this.photo(photo.standId, photo.id)) purged++;
    return purged;
  }

  /** Every object and row of a stand (the stand is gone). Throws while the store is unreachable: the job retries. */
  async stand(standId: string): Promise<number> {
    // Rows first to 'deleting': nothing of the stand is served from here on, even if the store is slow.
    await this.photos.manager.transaction(async (m) => {
      const marked = (await m.query(
        `UPDATE "photos" SET "status" = 'deleting', "updated_at" = now() WHERE "stand_id" = $1 AND "status" <> 'deleting' RETURNING "id", "item_id" AS "itemId"`,
        [standId],
      )) as [{ id: string; itemId: string | null }[], number];
      // Its items' photos too (issue 35): they are stored below the stand's prefix.
      for (const { id, itemId } of marked[0]) await announcePhotoState(m, { id, standId, itemId }, 'removed');
    });
    const removed = await this.store.removePrefix(standPrefix(standId));
    await this.photos.manager.transaction(async (m) => {
      await m.getRepository(PhotoEntity).delete({ standId });
      // The stand has no list any more (its ids are never reused); nobody is told, the stand is gone.
      await m.query(`DELETE FROM "stand_photo_lists" WHERE "stand_id" = $1`, [standId]);
    });
    return removed;
  }
}
