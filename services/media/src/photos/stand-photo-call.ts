import { API_ERRORS } from '@flohmarkt/contracts';
import { pathId, type Asker } from '@flohmarkt/server-kit';
import type { StandsClient } from '../peers/stands-client.js';
import { asCallerSees } from './photo-errors.js';

/**
 * A call that changes a stand's photos (upload, delete): `work` runs on the stand's id only once the
 * stands service has said the asker may change them, so its checks come after 404 → 403. Any failure,
 * a malformed id (404) too, reaches the caller as a caller of the photo calls sees it (asCallerSees).
 */
export function standPhotoCall<T>(stands: StandsClient, rawStandId: string, asker: Asker, work: (standId: string) => Promise<T>): Promise<T> {
  return asCallerSees(
    (async () => {
      const standId = pathId(rawStandId, API_ERRORS.standNotFound);
      await stands.photoAccess(standId, asker);
      return work(standId);
    })(),
  );
}
