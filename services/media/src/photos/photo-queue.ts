import type { Redis } from 'ioredis';
import { BackgroundQueue } from '@flohmarkt/server-kit';
import { PHOTO_PROCESS, PHOTO_QUEUE } from './photo-jobs.js';

/** Hands photo jobs to the worker process; the job id of a photo's processing is the photo id. */
export class PhotoQueue {
  private readonly queue: BackgroundQueue;

  constructor(
    connection: Redis,
    prefix: string,
    /** While Redis is away, BullMQ commands wait for it; a request must not (QueueUnavailableError). */
    timeoutMs: number,
  ) {
    this.queue = new BackgroundQueue(PHOTO_QUEUE, { connection, prefix }, timeoutMs);
  }

  /** Enqueues the processing of a photo; a second call for the same photo is the same job. */
  async enqueueProcess(photoId: string): Promise<void> {
    await this.queue.add(PHOTO_PROCESS, { photoId }, photoId);
  }

  /** Enqueues a photo whose earlier job ended without finishing it (a kept job id would swallow a plain add). */
  async enqueueAgain(photoId: string): Promise<void> {
    await this.queue.remove(photoId);
    await this.enqueueProcess(photoId);
  }

  /** The state of the photo's job ('completed', 'failed', 'active', 'waiting', 'delayed', ...), 'missing' when the queue has none. */
  jobState(photoId: string): Promise<string> {
    return this.queue.state(photoId);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
