import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ITEM_MESSAGES, UPLOAD_ITEM_PHOTO, type TItemPhotoResponse } from '@flohmarkt/contracts';
import { JsonLogger, pathId, type Asker } from '@flohmarkt/server-kit';
import { ImageModule } from '../images/image-module.js';
import { StandRefusedError, StandsClient } from '../peers/stands-client.js';
import { ObjectStore } from '../storage/object-store.js';
import { asCallerSees } from './photo-errors.js';
import { readPhotoInput } from './photo-input.js';
import { originalKey, photoPathOf } from './photo-keys.js';
import { PhotoEntity } from './photo.entity.js';
import { PhotoPurge } from './photo-purge.js';
import { PhotoQueue } from './photo-queue.js';
import { announcePhotoState } from './photo-state-announcement.js';

interface ItemPhoto {
  id: string;
  standId: string;
  itemId: string;
}

/**
 * An item's one photo (issue 35): UPLOAD_ITEM_PHOTO and DELETE_ITEM_PHOTO. The same checks, bucket
 * layout and worker as a stand's photos; the row names its item and is on no stand list, and its
 * objects sit below the stand's prefix, so a deleted stand takes them along (PhotoPurge.stand) and
 * serving follows the stand's visibility unchanged.
 *
 * The item's `photo` in the stands service learns the path through ITEM_PHOTO_SET, made under a
 * lock of the item here (attach): the call and the marking of the item's other photos as leaving
 * happen one item change after the other, so the path stands keeps is always the photo media keeps
 * (the last upload or removal wins at both). A call that fails after stands may have written leaves
 * the new photo in place rather than purge what the item may name: at worst a photo the item does
 * not name stays until the item's next change or its stand's deletion, never a path without its photo.
 */
@Injectable()
export class ItemPhotos {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: ObjectStore,
    private readonly images: ImageModule,
    private readonly queue: PhotoQueue,
    private readonly stands: StandsClient,
    @Inject(PhotoPurge) private readonly purge: PhotoPurge,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  upload(itemId: string, writer: Asker, body: unknown): Promise<TItemPhotoResponse> {
    return asCallerSees(this.replace(itemId, writer, body));
  }

  remove(itemId: string, writer: Asker): Promise<TItemPhotoResponse> {
    return asCallerSees(this.clear(itemId, writer));
  }

  /** 404 → 403 (stands decides, before the body is looked at) → 400; then stored, named by the item, the old photo purged. */
  private async replace(rawItemId: string, writer: Asker, body: unknown): Promise<TItemPhotoResponse> {
    const access = await this.stands.itemPhotoAccess(pathId(rawItemId, ITEM_MESSAGES.itemNotFound), writer);
    const image = await readPhotoInput(UPLOAD_ITEM_PHOTO, body, this.images);

    const photo: ItemPhoto = { id: randomUUID(), standId: access.standId.toLowerCase(), itemId: access.itemId.toLowerCase() };
    const key = originalKey(photo.standId, photo.id);
    await this.store.put(key, image.bytes, `image/${image.format}`);
    try {
      await this.dataSource.transaction(async (m) => {
        await m.getRepository(PhotoEntity).insert({ ...photo, originalKey: key, position: 0, status: 'processing' });
        await announcePhotoState(m, photo, 'processing');
      });
    } catch (err) {
      await this.store
        .remove([key])
        .catch((cause: Error) =>
          this.logger.write('warn', 'original of a refused upload kept', { itemId: photo.itemId, photoId: photo.id, error: cause.message }),
        );
      throw err;
    }

    const path = photoPathOf(photo);
    let replaced: ItemPhoto[];
    try {
      replaced = await this.attach(photo.itemId, path, photo.id, writer);
    } catch (err) {
      // Stands said no (the item went, or the caller's right did, since the first question): the
      // item does not name the photo, so it goes. Any other failure keeps it (see the class).
      if (err instanceof StandRefusedError) await this.drop([photo]);
      throw err;
    }
    await this.queue
      .enqueueProcess(photo.id)
      .catch((err: Error) =>
        this.logger.write('warn', 'photo job not queued; the sweep queues it', { itemId: photo.itemId, photoId: photo.id, error: err.message }),
      );
    await this.purgeAll(replaced);
    this.logger.write('info', 'item photo uploaded', {
      itemId: photo.itemId,
      standId: photo.standId,
      photoId: photo.id,
      replaced: replaced.length,
      bytes: image.bytes.length,
      format: image.format,
      width: image.width,
      height: image.height,
    });
    return { photo: path };
  }

  /** The item names no photo any more, and every photo of it goes (also when it had none). */
  private async clear(rawItemId: string, writer: Asker): Promise<TItemPhotoResponse> {
    const itemId = pathId(rawItemId, ITEM_MESSAGES.itemNotFound);
    await this.purgeAll(await this.attach(itemId, null, null, writer));
    return { photo: null };
  }

  /**
   * Under the item's lock: stands names `path` (or none) for the item, then every other photo of the
   * item leaves (marked 'deleting', announced removed). Answers those that left; their objects go next.
   */
  private attach(itemId: string, path: string | null, keep: string | null, writer: Asker): Promise<ItemPhoto[]> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`item-photo:${itemId}`]);
      await this.stands.setItemPhoto(itemId, path, writer);
      return this.markLeaving(m, itemId, keep);
    });
  }

  private async markLeaving(m: EntityManager, itemId: string, keep: string | null): Promise<ItemPhoto[]> {
    const [left] = (await m.query(
      `UPDATE "photos" SET "status" = 'deleting', "updated_at" = now()
       WHERE "item_id" = $1 AND ($2::uuid IS NULL OR "id" <> $2::uuid) AND "status" <> 'deleting'
       RETURNING "id", "stand_id" AS "standId", "item_id" AS "itemId"`,
      [itemId, keep],
    )) as [ItemPhoto[], number];
    for (const photo of left) await announcePhotoState(m, photo, 'removed');
    return left;
  }

  /** A new photo the item does not name: it leaves at once. */
  private async drop(photos: ItemPhoto[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      for (const photo of photos) {
        const changed = await m.getRepository(PhotoEntity).update({ id: photo.id, status: 'processing' }, { status: 'deleting' });
        if (changed.affected) await announcePhotoState(m, photo, 'removed');
      }
    });
    await this.purgeAll(photos);
  }

  /** Objects and rows of photos that left; while the store is unreachable the worker's sweep finishes it. */
  private async purgeAll(photos: ItemPhoto[]): Promise<void> {
    for (const photo of photos) await this.purge.photo(photo.standId, photo.id);
  }
}
