import type { Repository } from 'typeorm';
import { TOASTS } from '@flohmarkt/contracts';
import type { JsonLogger } from '@flohmarkt/server-kit';
import { type ImageModule, type RenderedPhoto, UndecodableImageError } from '../images/image-module.js';
import type { PhotoEntity } from '../photos/photo.entity.js';
import { allPhotoKeys, standPhotoPath, variantKey } from '../photos/photo-keys.js';
import type { StandsClient } from '../photos/stands-client.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ScratchDir } from './scratch-dir.js';

export type TProcessResult = 'ready' | 'skipped' | 'failed';

/** What the stand read says about a photo that was dropped (the row keeps the technical detail). */
export const FAILURE_REASON_FOR_STAND = TOASTS.imageProcessingFailed;

/**
 * The PhotoProcess job. Idempotent: it re-reads the row, skips work that is done, writes to
 * deterministic keys, and publishes the variants (status ready) only once both are completely
 * written, so nothing half-written is ever served.
 */
export class ProcessPhoto {
  constructor(
    private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly images: ImageModule,
    private readonly stands: StandsClient,
    private readonly logger: JsonLogger,
    private readonly scratch: ScratchDir,
  ) {}

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
    const published = await this.photos.update({ id: photo.id, status: 'processing' }, { status: 'ready', servedKey, thumbKey });
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
    if (!(await this.store.download(key, file))) return { failure: 'original missing from the bucket' };
    try {
      return await this.images.render(file);
    } catch (err) {
      if (err instanceof UndecodableImageError) return { failure: err.message };
      throw err;
    }
  }

  /**
   * Processing failed for good: the row records why, the stand drops the entry (and learns why),
   * the objects go. The last two are repeated by a later run until they succeed.
   */
  async giveUp(photo: Pick<PhotoEntity, 'id' | 'standId'>, detail: string): Promise<'failed'> {
    const marked = await this.photos.update({ id: photo.id, status: 'processing' }, { status: 'failed', failureReason: detail });
    this.logger.write('warn', 'photo failed for good', { photoId: photo.id, standId: photo.standId, reason: detail });
    if (marked.affected) await this.finishFailure(photo);
    return 'failed';
  }

  private async finishFailure(photo: Pick<PhotoEntity, 'id' | 'standId'>): Promise<void> {
    await this.stands.removePhoto(photo.standId, { path: standPhotoPath(photo.standId, photo.id), reason: FAILURE_REASON_FOR_STAND }, null);
    await this.store.remove(allPhotoKeys(photo.standId, photo.id));
  }
}
