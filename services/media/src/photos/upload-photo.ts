import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { API_ERRORS, LIMITS, UPLOAD_STAND_PHOTO, type TPhotosResponse } from '@flohmarkt/contracts';
import { JsonLogger, fail, type Asker } from '@flohmarkt/server-kit';
import { ImageModule } from '../images/image-module.js';
import { ObjectStore } from '../storage/object-store.js';
import { readPhotoInput } from './photo-input.js';
import { originalKey } from './photo-keys.js';
import { PhotoQueue } from './photo-queue.js';
import { standPhotoCall } from './stand-photo-call.js';
import { StandPhotoList } from './stand-photo-list.js';
import { StandsClient } from '../peers/stands-client.js';

/**
 * UPLOAD_STAND_PHOTO. Every check runs before anything is stored (404 → 403 → 400 → 409);
 * then the original goes to the bucket, and one transaction checks the limit again under the
 * stand's list lock, adds the row and announces the list and the photo's state (StandPhotoList).
 * Only the original can be left over: a refused or failed transaction removes it again. The job
 * follows; if the queue cannot take it now, the worker's sweep enqueues it later (the row is the
 * record), so the upload still answers with the new list.
 */
@Injectable()
export class UploadPhoto {
  constructor(
    private readonly store: ObjectStore,
    private readonly images: ImageModule,
    private readonly queue: PhotoQueue,
    private readonly stands: StandsClient,
    private readonly list: StandPhotoList,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  run(standId: string, asker: Asker, body: unknown): Promise<TPhotosResponse> {
    return standPhotoCall(this.stands, standId, asker, (id) => this.upload(id, body));
  }

  private async upload(standId: string, body: unknown): Promise<TPhotosResponse> {
    const image = await readPhotoInput(UPLOAD_STAND_PHOTO, body, this.images);
    // A full stand is refused before its bytes are stored; the transaction below decides races.
    if ((await this.list.current(standId)).length >= LIMITS.maxPhotosPerStand) throw fail.conflict(API_ERRORS.tooManyPhotos);

    const photoId = randomUUID();
    const key = originalKey(standId, photoId);
    await this.store.put(key, image.bytes, `image/${image.format}`);
    let photos: string[];
    try {
      photos = await this.list.add({ id: photoId, standId, originalKey: key });
    } catch (err) {
      await this.store
        .remove([key])
        .catch((cause: Error) => this.logger.write('warn', 'original of a refused upload kept', { standId, photoId, error: cause.message }));
      throw err;
    }
    await this.queue
      .enqueueProcess(photoId)
      .catch((err: Error) => this.logger.write('warn', 'photo job not queued; the sweep queues it', { standId, photoId, error: err.message }));
    this.logger.write('info', 'photo uploaded', {
      standId,
      photoId,
      bytes: image.bytes.length,
      format: image.format,
      width: image.width,
      height: image.height,
    });
    return { photos };
  }
}
