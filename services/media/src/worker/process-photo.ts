import type { Repository } from 'typeorm';
import type { BackgroundJob, JsonLogger } from '@flohmarkt/server-kit';
import { type ImageModule, type RenderedPhoto, UndecodableImageError } from '../images/image-module.js';
import { PhotoEntity } from '../photos/photo.entity.js';
import { allPhotoKeys, variantKey } from '../photos/photo-keys.js';
import { PHOTO_PROCESS, type TPhotoProcess } from '../photos/photo-jobs.js';
import { announcePhotoState } from '../photos/photo-state-announcement.js';
import type { StandPhotoList } from '../photos/stand-photo-list.js';
import type { ObjectStore } from '../storage/object-store.js';
import { isDependencyDown } from './dependency-errors.js';
import { ORIGINAL_MISSING, failureReasonFor } from './failure-reasons.js';
import type { ScratchDir } from './scratch-dir.js';

export type TProcessResult = 'ready' | 'skipped' | 'failed';

/**
 * The PhotoProcess job. Idempotent: it re-reads the row, skips work that is done, writes to
 * deterministic keys, and publishes the variants (status ready) only once both are completely
 * written, so nothing half-written is ever served. Every change of the row's state is announced
 * to the stands service in the same transaction (PhotoStateChanged; a failure also changes the
 * stand's list, StandPhotosChanged).
 */
export class ProcessPhoto {
  constructor(
    private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly images: ImageModule,
    private readonly list: StandPhotoList,
    private readonly logger: JsonLogger,
    private readonly scratch: ScratchDir,
  ) {}

  /**
   * The job on `media-photos`. A job whose dependency (store, database, stands service) is down
   * waits `dependencyRetryMs` without using an attempt; any other error uses the attempts, and the
   * last one gives the photo up. A worker that dies mid-job loses its lock after WORKER_LOCK_MS and
   * the next worker takes the job over.
   */
  job(dependencyRetryMs: number): BackgroundJob<TPhotoProcess> {
    return {
      ...PHOTO_PROCESS,
      run: ({ photoId }) => this.handle(photoId),
      giveUp: async ({ photoId }, reason) => {
        const photo = await this.photos.findOneBy({ id: photoId });
        return photo ? this.giveUp(photo, reason) : 'skipped';
      },
      waitsOut: { isDown: isDependencyDown, retryMs: dependencyRetryMs },
    };
  }

  async handle(photoId: string): Promise<TProcessResult> {
    const photo = await this.photos.findOneBy({ id: photoId });
    // Deleted meanwhile (the photo or its stand), or done by an earlier run.
    if (!photo || photo.status === 'ready' || photo.status === 'deleting') return 'skipped';
    if (photo.status === 'failed') {
      await this.finishFailure(photo);
      return 'failed';
    }

    const rendered = await this.scratch.withFile(photo.id, (file) => this.renderOriginal(photo.originalKey, file));
    if ('failure' in rendered) return this.giveUp(photo, rendered.failure);

    const servedKey = variantKey(photo.standId, photo.id, 'full');
    const thumbKey = variantKey(photo.standId, photo.id, 'thumb');
    await Promise.all([this.store.put(servedKey, rendered.full, 'image/jpeg'), this.store.put(thumbKey, rendered.thumb, 'image/jpeg')]);
    // Only a photo still waiting for us becomes ready; one deleted in the meantime loses what we wrote.
    const published = await this.photos.manager.transaction(async (m) => {
      const changed = await m.getRepository(PhotoEntity).update({ id: photo.id, status: 'processing' }, { status: 'ready', servedKey, thumbKey });
      if (changed.affected) await announcePhotoState(m, photo, 'ready');
      return changed;
    });
    if (!published.affected) {
      await this.store.remove(allPhotoKeys(photo.standId, photo.id));
      return 'skipped';
    }
    await this.store.remove([photo.originalKey]).catch((err: Error) => this.logger.write('warn', 'original kept', { photoId, error: err.message }));
    this.logger.write('info', 'photo ready', { photoId, standId: photo.standId, bytes: rendered.full.length, width: rendered.width, height: rendered.height });
    return 'ready';
  }

  /**
   * The original goes to a local file, not into memory: libvips decodes it from there. A missing
   * original or bytes that do not decode are failures no retry can fix; anything else is thrown.
   */
  private async renderOriginal(key: string, file: string): Promise<RenderedPhoto | { failure: string }> {
    if (!(await this.store.download(key, file))) return { failure: ORIGINAL_MISSING };
    try {
      return await this.images.render(file);
    } catch (err) {
      if (err instanceof UndecodableImageError) return { failure: err.message };
      throw err;
    }
  }

  /**
   * Processing failed for good: the row records the technical detail, and in the same transaction
   * the photo leaves its stand's list, the stand says why (photoError) and the state is announced
   * failed with the German reason (StandPhotoList.fail). Then the objects go, repeated by a later
   * run until that succeeds.
   */
  async giveUp(photo: Pick<PhotoEntity, 'id' | 'standId'> & { itemId?: string | null }, detail: string): Promise<'failed'> {
    const reason = failureReasonFor(detail);
    const failed = await this.list.fail(photo, detail, reason);
    this.logger.write('warn', 'photo failed for good', { photoId: photo.id, standId: photo.standId, reason: detail });
    if (failed) await this.finishFailure(photo);
    return 'failed';
  }

  private async finishFailure(photo: Pick<PhotoEntity, 'id' | 'standId'>): Promise<void> {
    await this.store.remove(allPhotoKeys(photo.standId, photo.id));
  }
}
