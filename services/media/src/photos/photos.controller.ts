import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { DELETE_STAND_PHOTO, UPLOAD_STAND_PHOTO, type TPhotosResponse } from '@flohmarkt/contracts';
import { type CallerContext, Idempotent, PublicRoute, SignedInCaller } from '@flohmarkt/server-kit';
import { DeletePhoto } from './delete-photo.js';
import { UploadPhoto } from './upload-photo.js';

/** The public photo calls of a stand (the gateway adds `error` beside `message` on failures). */
@Controller()
export class PhotosController {
  constructor(
    private readonly uploadPhoto: UploadPhoto,
    private readonly deletePhoto: DeletePhoto,
  ) {}

  @PublicRoute(UPLOAD_STAND_PHOTO)
  @Idempotent()
  @HttpCode(200)
  upload(@SignedInCaller() caller: CallerContext, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.uploadPhoto.run(standId, caller, body);
  }

  @PublicRoute(DELETE_STAND_PHOTO)
  @HttpCode(200)
  remove(@SignedInCaller() caller: CallerContext, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.deletePhoto.run(standId, caller, body);
  }
}
