import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ITEM_MESSAGES, MEDIA_ERRORS, STAND_PHOTO_PREFIX, isId, itemPhotoPath, type TItemPhotoAccess, type TItemPhotoSetAnswer } from '@flohmarkt/contracts';
import { fail, type Asker } from '@flohmarkt/server-kit';
import { StandItems } from './stand-items.js';

/**
 * The media service's questions about an item's photo (issue 35, contracts ITEM_PHOTO_ACCESS and
 * ITEM_PHOTO_SET): the rule of changing the item itself (StandItems.changeable: owner, organiser,
 * admin, or a guest by the stand's manage token; 404 for an item whose stand the caller may not
 * see, before any 403). The photo itself is media's; the item keeps its path.
 */
@Injectable()
export class ItemPhotoAccess {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly items: StandItems,
  ) {}

  /** May the asker change the item's photo: the item and the stand it is stored under. */
  async check(rawItemId: string, asker: Asker): Promise<TItemPhotoAccess> {
    const { item, stand } = await this.items.changeable(rawItemId, asker);
    return { itemId: item.id, standId: stand.id };
  }

  /**
   * The item names `photo` from now on (null: none), after the same decision. Only a path of this
   * item's own photos is taken: the item never points at another item's or stand's photo.
   */
  async set(rawItemId: string, photo: string | null, asker: Asker): Promise<TItemPhotoSetAnswer> {
    const access = await this.check(rawItemId, asker);
    if (photo !== null && !isOwnPhotoPath(photo, access)) throw fail.invalid(MEDIA_ERRORS.photoNotFound);
    const [[row]]: [{ photo: string | null }[], number] = await this.dataSource.query(
      `UPDATE "items" SET "photo" = $2, "updated_at" = now() WHERE "id" = $1 RETURNING "photo"`,
      [access.itemId, photo],
    );
    // Removed between the check and the write (a parallel DELETE, its stand deleted).
    if (!row) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
    return { ...access, photo: row.photo };
  }
}

/** `/api/media/stands/{standId}/items/{itemId}/{photoId}.jpg` of exactly this item. */
function isOwnPhotoPath(path: string, item: TItemPhotoAccess): boolean {
  const prefix = `${STAND_PHOTO_PREFIX}${item.standId}/items/${item.itemId}/`;
  if (!path.startsWith(prefix) || !path.endsWith('.jpg')) return false;
  const photoId = path.slice(prefix.length, -'.jpg'.length);
  return isId(photoId) && path === itemPhotoPath(item.standId, item.itemId, photoId);
}
