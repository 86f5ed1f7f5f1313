import { Body, Controller, Get, HttpCode, Param } from '@nestjs/common';
import { DELETE_ITEM_PHOTO, ITEM_MESSAGES, UPLOAD_ITEM_PHOTO, type TItemPhotoAccess, type TItemPhotoResponse } from '@flohmarkt/contracts';
import { type Asker, Idempotent, PublicRoute, SignedInOrGuest, pathId } from '@flohmarkt/server-kit';
import { StandsClient } from '../peers/stands-client.js';
import { ItemPhotos } from './item-photos.js';
import { asCallerSees } from './photo-errors.js';

/**
 * The public photo calls of an item (issue 35; the gateway adds `error` beside `message` on
 * failures): by a signed-in caller or by a guest's manage token; stands decides who may.
 */
@Controller()
export class ItemPhotoController {
  constructor(
    private readonly photos: ItemPhotos,
    private readonly stands: StandsClient,
  ) {}

  @PublicRoute(UPLOAD_ITEM_PHOTO)
  @Idempotent()
  @HttpCode(200)
  upload(@SignedInOrGuest() asker: Asker, @Param('id') itemId: string, @Body() body: unknown): Promise<TItemPhotoResponse> {
    return this.photos.upload(itemId, asker, body);
  }

  @PublicRoute(DELETE_ITEM_PHOTO)
  @HttpCode(200)
  remove(@SignedInOrGuest() asker: Asker, @Param('id') itemId: string): Promise<TItemPhotoResponse> {
    return this.photos.remove(itemId, asker);
  }

  /**
   * GET /internal/items/{id}/photo-upload-access (contracts ITEM_PHOTO_UPLOAD_ACCESS): the gateway's
   * question before it reads an item photo's body, as for a stand's (photo-upload-access.controller.ts).
   */
  @Get('internal/items/:id/photo-upload-access')
  async uploadAccess(@SignedInOrGuest() asker: Asker, @Param('id') rawItemId: string): Promise<TItemPhotoAccess> {
    // async: a malformed id (pathId) rejects like every other failure.
    return asCallerSees(this.stands.itemPhotoAccess(pathId(rawItemId, ITEM_MESSAGES.itemNotFound), asker));
  }
}
