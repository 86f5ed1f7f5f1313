import { MEDIA_ERRORS } from '@flohmarkt/contracts';
import { type DomainError, QueueUnavailableError, fail } from '@flohmarkt/server-kit';
import { StorageUnavailableError } from '../storage/storage-errors.js';
import { StandRefusedError, StandsUnavailableError } from '../peers/stands-client.js';

/** What a caller of the photo calls sees for a failure of a dependency (503 with a clear sentence). */
function toCallerError(err: unknown): unknown {
  if (err instanceof StorageUnavailableError) return fail.unavailable(MEDIA_ERRORS.storageUnavailable);
  if (err instanceof StandsUnavailableError || err instanceof QueueUnavailableError) return fail.unavailable();
  if (err instanceof StandRefusedError) return err.domain satisfies DomainError;
  return err;
}

/** What `work` answers, or its failure as a caller of the photo calls sees it (toCallerError). */
export async function asCallerSees<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw toCallerError(err);
  }
}
