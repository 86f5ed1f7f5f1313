import { z } from 'zod';

/*
 * The media service's own queue (`media-photos`): photo work between the API process and the
 * worker process. Cross-context messages (StandDeleted) travel on the shared catalogue in
 * @flohmarkt/contracts instead. Payloads carry ids only; the handlers re-read the row.
 */

export const PHOTO_QUEUE = 'media-photos';

export const PHOTO_JOBS = {
  /** Turn a stored original into the served variant and the thumbnail. */
  PhotoProcess: z.object({ photoId: z.string().uuid() }),
} as const;
export type TPhotoJobName = keyof typeof PHOTO_JOBS;
export type TPhotoJobPayload<N extends TPhotoJobName> = z.infer<(typeof PHOTO_JOBS)[N]>;

/**
 * Attempts and backoff for failures a retry may fix (a broken image is given up at once; an
 * unreachable store or stands service waits outside these attempts, see the worker).
 * Exponential: 2 s, 4 s, 8 s, 16 s between the five attempts.
 */
export const PHOTO_JOB_RETRY = { attempts: 5, backoffMs: 2_000 } as const;

/** Finished jobs are kept a while for inspection, then dropped. */
export const PHOTO_JOB_RETENTION = {
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** A job whose worker died is taken over again up to this many times before it counts as failed. */
export const PHOTO_JOB_MAX_STALLED = 3;

/** The deterministic job id of a photo's processing (the photo id): enqueueing twice is one job. */
export function photoJobId(photoId: string): string {
  return photoId;
}
