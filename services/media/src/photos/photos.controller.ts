import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import type { TPhotosResponse } from '@flohmarkt/contracts';
import { type CallerContext, Idempotent, SignedInCaller } from '@flohmarkt/server-kit';
import { DeletePhoto } from './delete-photo.js';
import { UploadPhoto } from './upload-photo.js';

/** The public photo calls of a stand (the gateway adds `error` beside `message` on failures). */
@Controller('stands/:id/photos')
export class PhotosController {
  constructor(
    private readonly uploadPhoto: UploadPhoto,
    private readonly deletePhoto: DeletePhoto,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(200)
  upload(@SignedInCaller() caller: CallerContext, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.uploadPhoto.run(standId, caller, body);
  }

  @Delete()
  @HttpCode(200)
  remove(@SignedInCaller() caller: CallerContext, @Param('id') standId: string, @Body() body: unknown): Promise<TPhotosResponse> {
    return this.deletePhoto.run(standId, caller, body);
  }
}
