import { LessThan, type Repository } from 'typeorm';
import type { BackgroundJob, JsonLogger } from '@flohmarkt/server-kit';
import type { PhotoEntity } from '../photos/photo.entity.js';
import type { PhotoPurge } from '../photos/photo-purge.js';
import type { PhotoQueue } from '../photos/photo-queue.js';
import type { ProcessPhoto } from './process-photo.js';

const BATCH = 100;

/**
 * Finishes what a crash or an outage left between two steps, using the rows as the record:
 * a photo still processing whose job is gone is enqueued again (same job id, so never twice),
 * one whose job ended as failed is given up, and a photo marked 'deleting' loses its objects.
 * A periodic job on `media-background` every SWEEP_INTERVAL_MS (one run per tick across the
 * worker replicas); each step is idempotent, so a run that overlaps another does no harm.
 */
export class PhotoSweep {
  constructor(
    private readonly photos: Repository<PhotoEntity>,
    private readonly queue: PhotoQueue,
    private readonly process: ProcessPhoto,
    private readonly purge: PhotoPurge,
    private readonly logger: JsonLogger,
    private readonly intervalMs: number,
  ) {}

  /** The periodic job (worker.ts). */
  job(): BackgroundJob {
    return { name: 'PhotoSweep', schedule: { everyMs: this.intervalMs }, run: (_, { signal }) => this.sweepOnce(signal) };
  }

  /** One pass over what is due, until done or stopped (`signal`). */
  async sweepOnce(signal?: AbortSignal): Promise<{ requeued: number; gaveUp: number; purged: number }> {
    const counts = { requeued: 0, gaveUp: 0, purged: 0 };
    // A photo younger than one interval may still be in the middle of its upload request.
    const olderThan = new Date(Date.now() - this.intervalMs);
    const stuck = await this.photos.find({ where: { status: 'processing', updatedAt: LessThan(olderThan) }, order: { updatedAt: 'ASC' }, take: BATCH });
    for (const photo of stuck) {
      if (signal?.aborted) return counts;
      const state = await this.queue.jobState(photo.id);
      if (state === 'missing' || state === 'completed') {
        await this.queue.enqueueAgain(photo.id);
        counts.requeued++;
      } else if (state === 'failed') {
        await this.process.giveUp(photo, 'job failed without finishing the photo');
        counts.gaveUp++;
      }
    }
    const deleting = await this.photos.find({ where: { status: 'deleting' }, take: BATCH });
    for (const photo of deleting) {
      if (signal?.aborted) return counts;
      if (await this.purge.photo(photo.standId, photo.id)) counts.purged++;
    }
    if (counts.requeued || counts.gaveUp || counts.purged) this.logger.write('info', 'photo sweep', counts);
    return counts;
  }
}
