import type { JobHandlers, JsonLogger } from '@flohmarkt/server-kit';
import { isUuid, parsePhotoPath } from '../photos/photo-keys.js';
import type { PhotoPurge } from '../photos/photo-purge.js';

/**
 * What the media service does when other contexts announce something. StandDeleted: every
 * object and row of the stand goes; StandPhotosRemoved: the objects of the dropped photos go. Idempotent (a second run finds nothing); while the object store
 * is unreachable the handler throws and the queue retries with backoff.
 */
export function mediaJobHandlers(purge: PhotoPurge, logger: JsonLogger): JobHandlers<'media'> {
  return {
    StandDeleted: async ({ standId }) => {
      // Stand ids are UUIDs; anything else never had photos (and retrying would not change that).
      if (!isUuid(standId)) return logger.write('warn', 'StandDeleted without a stand id ignored', { standId });
      const removed = await purge.stand(standId.toLowerCase());
      logger.write('info', 'stand photos removed', { standId, objects: removed });
    },
    // An edit of the stand dropped photos from its list. Only photos of that stand are touched; a
    // photo whose objects cannot be removed now is left to the worker's sweep ('deleting').
    StandPhotosRemoved: async ({ standId, photoPaths }) => {
      for (const path of photoPaths) {
        const photo = parsePhotoPath(path);
        if (!photo || photo.standId !== standId.toLowerCase()) continue;
        await purge.photo(photo.standId, photo.photoId);
      }
      logger.write('info', 'dropped stand photos removed', { standId, photos: photoPaths.length });
    },
  };
}
