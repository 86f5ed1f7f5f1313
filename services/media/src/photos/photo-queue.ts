import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { PHOTO_JOB_RETENTION, PHOTO_JOB_RETRY, PHOTO_QUEUE, photoJobId, type TPhotoJobPayload } from './photo-jobs.js';

/** Redis did not take the job in time. */
export class QueueUnavailableError extends Error {}

/** Hands photo jobs to the worker process. */
export class PhotoQueue {
  private readonly queue: Queue;

  constructor(
    connection: Redis,
    prefix: string,
    /** While Redis is away, BullMQ commands wait for it; a request must not. */
    private readonly timeoutMs: number,
  ) {
    this.queue = new Queue(PHOTO_QUEUE, { connection, prefix });
    this.queue.on('error', () => undefined); // reconnects by itself; callers see the timeout
  }

  /** Enqueues the processing of a photo; a second call for the same photo is the same job. */
  async enqueueProcess(photoId: string): Promise<void> {
    const payload: TPhotoJobPayload<'PhotoProcess'> = { photoId };
    await this.withDeadline(
      this.queue.add('PhotoProcess', payload, {
        jobId: photoJobId(photoId),
        attempts: PHOTO_JOB_RETRY.attempts,
        backoff: { type: 'exponential', delay: PHOTO_JOB_RETRY.backoffMs },
        ...PHOTO_JOB_RETENTION,
      }),
    );
  }

  /** Enqueues a photo whose earlier job ended without finishing it (a kept job id would swallow a plain add). */
  async enqueueAgain(photoId: string): Promise<void> {
    await this.withDeadline(this.queue.remove(photoJobId(photoId)));
    await this.enqueueProcess(photoId);
  }

  /** The state of the photo's job ('completed', 'failed', 'active', 'waiting', 'delayed', ...), 'missing' when the queue has none. */
  async jobState(photoId: string): Promise<string> {
    const state = await this.withDeadline(this.queue.getJobState(photoJobId(photoId)));
    return state === 'unknown' ? 'missing' : state;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  private async withDeadline<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError(`queue: no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
