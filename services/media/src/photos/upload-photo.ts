import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { API_ERRORS, LIMITS, MEDIA_ERRORS, VALIDATION, ZPhotoUpload, firstZodMessage, type TPhotosResponse } from '@flohmarkt/contracts';
import { type CallerContext, JsonLogger, fail } from '@flohmarkt/server-kit';
import { ImageModule } from '../images/image-module.js';
import { ObjectStore } from '../storage/object-store.js';
import { parseDataUrl } from './data-url.js';
import { toCallerError } from './photo-errors.js';
import { PhotoEntity } from './photo.entity.js';
import { isUuid, originalKey, standPhotoPath } from './photo-keys.js';
import { PhotoQueue } from './photo-queue.js';
import { announcePhotoState } from './photo-state-announcement.js';
import { StandsClient } from './stands-client.js';

/**
 * POST /stands/{id}/photos. Every check runs before anything is stored (404 → 403 → 400 → 409);
 * then original, row (announced as processing in its transaction), the stand's list and the job
 * follow one another, and a failure of any step undoes the steps before it, so nothing is left
 * half-way.
 */
@Injectable()
export class UploadPhoto {
  constructor(
    @InjectRepository(PhotoEntity) private readonly photos: Repository<PhotoEntity>,
    private readonly store: ObjectStore,
    private readonly images: ImageModule,
    private readonly queue: PhotoQueue,
    private readonly stands: StandsClient,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  async run(standId: string, caller: CallerContext, body: unknown): Promise<TPhotosResponse> {
    try {
      return await this.upload(standId, caller, body);
    } catch (err) {
      throw toCallerError(err);
    }
  }

  private async upload(rawStandId: string, caller: CallerContext, body: unknown): Promise<TPhotosResponse> {
    if (!isUuid(rawStandId)) throw fail.notFound(API_ERRORS.standNotFound);
    const standId = rawStandId.toLowerCase();
    const access = await this.stands.photoAccess(standId, caller);

    const input = ZPhotoUpload.safeParse(body ?? {});
    if (!input.success) throw fail.invalid(firstZodMessage(input.error));
    const content = parseDataUrl(input.data.photoData);
    if (!content) throw fail.invalid(VALIDATION.imageRequired);
    if (content.bytes.length > LIMITS.photoUploadMaxBytes) throw fail.invalid(VALIDATION.photoTooLarge);
    const image = await this.images.inspect(content.bytes);
    if (image.kind === 'not-image') throw fail.invalid(VALIDATION.imageRequired);
    if (image.kind === 'too-many-pixels') throw fail.invalid(VALIDATION.photoTooLarge);
    if (image.kind === 'heic-unsupported') throw fail.invalid(MEDIA_ERRORS.heicUnsupported);
    if (access.photos.length >= LIMITS.maxPhotosPerStand) throw fail.conflict(API_ERRORS.tooManyPhotos);

    const photoId = randomUUID();
    const key = originalKey(standId, photoId);
    const path = standPhotoPath(standId, photoId);
    await this.store.put(key, content.bytes, `image/${image.format}`);
    const undo: Array<() => Promise<unknown>> = [() => this.store.remove([key])];
    try {
      const photo = { id: photoId, standId };
      await this.photos.manager.transaction(async (m) => {
        await m.getRepository(PhotoEntity).insert({ ...photo, position: access.photos.length, status: 'processing', originalKey: key });
        await announcePhotoState(m, photo, 'processing');
      });
      undo.unshift(() =>
        this.photos.manager.transaction(async (m) => {
          if ((await m.getRepository(PhotoEntity).delete(photo)).affected) await announcePhotoState(m, photo, 'removed');
        }),
      );
      const photos = await this.stands.addPhoto(standId, { path }, caller);
      undo.unshift(() => this.stands.removePhoto(standId, { path }, caller));
      await this.queue.enqueueProcess(photoId);
      this.logger.write('info', 'photo uploaded', { standId, photoId, bytes: content.bytes.length, format: image.format, width: image.width, height: image.height });
      return { photos };
    } catch (err) {
      await this.undo(undo, { standId, photoId });
      throw err;
    }
  }

  /**
   * Newest step first. When a step cannot be undone (its dependency is down too), the older steps
   * stay as well: a listed photo keeps its row and original, and the worker's sweep enqueues it again,
   * so the stand never lists a path that can never be served.
   */
  private async undo(steps: Array<() => Promise<unknown>>, ids: Record<string, string>): Promise<void> {
    for (const step of steps) {
      try {
        await step();
      } catch (err) {
        this.logger.write('warn', 'upload undo stopped; the sweep finishes the photo', { ...ids, error: (err as Error).message });
        return;
      }
    }
  }
}
