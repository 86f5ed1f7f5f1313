import type { JobHandlers, JsonLogger } from '@flohmarkt/server-kit';
import { isUuid } from '../photos/photo-keys.js';
import type { PhotoPurge } from '../photos/photo-purge.js';

/**
 * What the media service does when other contexts announce something. StandDeleted: every
 * object and row of the stand goes. Idempotent (a second run finds nothing); while the object store
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
  };
}
