import type { EntityManager, Repository } from 'typeorm';
import type { JsonLogger } from '@flohmarkt/server-kit';
import type { ObjectStore } from '../storage/object-store.js';
import { isStorageUnavailable } from '../storage/storage-errors.js';
import { PhotoEntity } from './photo.entity.js';
import { allPhotoKeys, standPrefix } from './photo-keys.js';
import { announcePhotoState } from './photo-state-announcement.js';

/**
 * Removes the objects of photos and then their rows: idempotent, so a repeat (a retried job, the
 * sweep) finishes what an interrupted run began. Shared by the API process and the worker. A photo
 * that leaves (marked 'deleting' or its row deleted) is announced as removed in the same
 * transaction; a repeat that changes no row announces nothing.
 */
export class PhotoPurge {
  constructor(
    private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * One photo that is no longer on its stand. While the store is unreachable the row stays as
   * 'deleting' (never served again) and the worker's sweep removes it later; answers whether it is gone.
   */
  async photo(standId: string, photoId: string): Promise<boolean> {
    try {
      await this.store.remove(allPhotoKeys(standId, photoId));
    } catch (err) {
      if (!isStorageUnavailable(err)) throw err;
      await this.removing((m) => m.getRepository(PhotoEntity).update({ id: photoId, standId }, { status: 'deleting' }), { id: photoId, standId });
      this.logger.write('warn', 'photo objects kept for later removal', { standId, photoId, error: (err as Error).message });
      return false;
    }
    await this.removing((m) => m.getRepository(PhotoEntity).delete({ id: photoId, standId }), { id: photoId, standId });
    return true;
  }

  /** Every object and row of a stand (the stand is gone). Throws while the store is unreachable: the job retries. */
  async stand(standId: string): Promise<number> {
    // Rows first to 'deleting': nothing of the stand is served from here on, even if the store is slow.
    await this.photos.manager.transaction(async (m) => {
      const marked = (await m.query(`UPDATE ${this.table(m)} SET "status" = 'deleting', "updated_at" = now() WHERE "stand_id" = $1 AND "status" <> 'deleting' RETURNING "id"`, [standId])) as [
        { id: string }[],
        number,
      ];
      for (const { id } of marked[0]) await announcePhotoState(m, { id, standId }, 'removed');
    });
    const removed = await this.store.removePrefix(standPrefix(standId));
    await this.photos.delete({ standId });
    return removed;
  }

  /** One change that takes a photo off the record, and its announcement if a row changed. */
  private async removing(change: (m: EntityManager) => Promise<{ affected?: number | null }>, photo: { id: string; standId: string }): Promise<void> {
    await this.photos.manager.transaction(async (m) => {
      if ((await change(m)).affected) await announcePhotoState(m, photo, 'removed');
    });
  }

  private table(m: EntityManager): string {
    return `"${m.connection.driver.schema ?? 'public'}"."photos"`;
  }
}
