import type { Repository } from 'typeorm';
import type { JsonLogger } from '@flohmarkt/server-kit';
import type { ObjectStore } from '../storage/object-store.js';
import { isStorageUnavailable } from '../storage/storage-errors.js';
import type { PhotoEntity } from './photo.entity.js';
import { allPhotoKeys, standPrefix } from './photo-keys.js';

/**
 * Removes the objects of photos and then their rows: idempotent, so a repeat (a retried job, the
 * sweep) finishes what an interrupted run began. Shared by the API process and the worker.
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
      await this.photos.update({ id: photoId, standId }, { status: 'deleting' });
      this.logger.write('warn', 'photo objects kept for later removal', { standId, photoId, error: (err as Error).message });
      return false;
    }
    await this.photos.delete({ id: photoId, standId });
    return true;
  }

  /** Every object and row of a stand (the stand is gone). Throws while the store is unreachable: the job retries. */
  async stand(standId: string): Promise<number> {
    // Rows first to 'deleting': nothing of the stand is served from here on, even if the store is slow.
    await this.photos.update({ standId }, { status: 'deleting' });
    const removed = await this.store.removePrefix(standPrefix(standId));
    await this.photos.delete({ standId });
    return removed;
  }
}
