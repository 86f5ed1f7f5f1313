import { z } from 'zod';
import { ZId } from '@flohmarkt/contracts';
import type { JobKind } from '@flohmarkt/server-kit';

/*
 * The media service's own background queues, run by the worker process with the background runtime
 * (@flohmarkt/server-kit, startBackgroundWorker): `media-photos` carries photo work from the API
 * process to the worker, `media-background` the worker's periodic sweep. Cross-context messages
 * (StandDeleted) travel on the shared catalogue in @flohmarkt/contracts instead. Payloads carry
 * ids only; the handlers re-read the row.
 */

export const PHOTO_QUEUE = 'media-photos';
export const MEDIA_BACKGROUND_QUEUE = 'media-background';

export interface TPhotoProcess {
  photoId: string;
}

/**
 * Turn a stored original into the served variant and the thumbnail. Its job id is the photo id, so
 * enqueueing a photo twice is one job. Attempts and backoff are for failures a retry may fix (a
 * broken image is given up at once; an unreachable store or stands service waits outside these
 * attempts, see ProcessPhoto.job): exponential, 2 s, 4 s, 8 s, 16 s between the five attempts.
 */
export const PHOTO_PROCESS: JobKind<TPhotoProcess> = {
  name: 'PhotoProcess',
  payload: z.object({ photoId: ZId }),
  retry: { attempts: 5, backoffMs: 2_000 },
};

/** A job whose worker died is taken over again up to this many times before it counts as failed. */
export const PHOTO_JOB_MAX_STALLED = 3;
