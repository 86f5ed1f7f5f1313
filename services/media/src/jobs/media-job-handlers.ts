import type { Provider } from '@nestjs/common';
import { JOB_HANDLERS, JsonLogger, type JobHandlers } from '@flohmarkt/server-kit';
import { PhotoPurge } from '../photos/photo-purge.js';
import { StandPhotoList } from '../photos/stand-photo-list.js';

/**
 * What the media service does when other contexts announce something. StandDeleted: every
 * object and row of the stand goes. StandPhotosEdited: a stand edit's new order and removals
 * (the photos that leave lose their objects). ItemDeleted: the item's photo goes. Idempotent (a second run finds nothing to do); while
 * the object store is unreachable a photo stays 'deleting' and the worker's sweep finishes it.
 */
function mediaJobHandlers(purge: PhotoPurge, list: StandPhotoList, logger: JsonLogger): JobHandlers<'media'> {
  const edit = async (standId: string, change: { photos: string[]; removed: string[]; editVersion: number }): Promise<void> => {
    const id = standId.toLowerCase();
    const left = await list.edit(id, change);
    for (const photoId of left) await purge.photo(id, photoId);
    logger.write('info', 'stand photo edit applied', { standId: id, removed: left.length });
  };
  return {
    StandDeleted: async ({ standId }) => {
      const removed = await purge.stand(standId.toLowerCase());
      logger.write('info', 'stand photos removed', { standId, objects: removed });
    },
    StandPhotosEdited: ({ standId, photos, removed, editVersion }) => edit(standId, { photos, removed, editVersion }),
    ItemDeleted: async ({ itemId }) => {
      const removed = await purge.item(itemId.toLowerCase());
      logger.write('info', 'item photo removed', { itemId, objects: removed });
    },
  };
}

/** The handlers of the media queue, as the messaging module takes them. */
export const MEDIA_JOB_HANDLERS: Provider = {
  provide: JOB_HANDLERS,
  useFactory: mediaJobHandlers,
  inject: [PhotoPurge, StandPhotoList, JsonLogger],
};
