import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { DELETE_STAND_PHOTO, UPLOAD_STAND_PHOTO, type TPhotosResponse } from '@flohmarkt/contracts';
import { type Asker, Idempotent, PublicRoute, SignedInOrGuest } from '@flohmarkt/server-kit';
import { DeletePhoto } from './delete-photo.js';
import { UploadPhoto } from './upload-photo.js';

/**
 * The public photo calls of a stand (the gateway adds `error` beside `message` on failures), by whoever
 * may edit the stand or its guest by the manage token (X-Manage-Token); stands decides.
 */
@Controller()
export class PhotosController {
  constructor(
    private readonly uploadPhoto: UploadPhoto,
    private readonly deletePhoto: DeletePhoto,
  ) {}

  @PublicRoute(UPLOAD_STAND_PHOTO)
  @Idempotent()
  @HttpCode(200)
  upload(@SignedInOrGuest() asker: Asker, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.uploadPhoto.run(standId, asker, body);
  }

  @PublicRoute(DELETE_STAND_PHOTO)
  @HttpCode(200)
  remove(@SignedInOrGuest() asker: Asker, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.deletePhoto.run(standId, asker, body);
  }
}
