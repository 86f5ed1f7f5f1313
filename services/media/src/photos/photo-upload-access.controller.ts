import { Controller, Get, Param } from '@nestjs/common';
import { API_ERRORS, type TStandPhotoAccess } from '@flohmarkt/contracts';
import { type Asker, SignedInOrGuest, pathId } from '@flohmarkt/server-kit';
import { StandsClient } from '../peers/stands-client.js';
import { asCallerSees } from './photo-errors.js';

/**
 * GET /internal/stands/{id}/photo-upload-access (contracts PHOTO_UPLOAD_ACCESS): the gateway asks it
 * before it reads an upload's body, so a caller (or a guest by their manage token) who may not upload
 * is refused (404, 403) before a byte is sent. The upload itself decides again (UploadPhoto): the answer may be stale by then.
 */
@Controller('internal/stands/:id/photo-upload-access')
export class PhotoUploadAccessController {
  constructor(private readonly stands: StandsClient) {}

  @Get()
  async check(@SignedInOrGuest() asker: Asker, @Param('id') rawStandId: string): Promise<TStandPhotoAccess> {
    // async: a malformed id (pathId) rejects like every other failure.
    return asCallerSees(this.stands.photoAccess(pathId(rawStandId, API_ERRORS.standNotFound), asker));
  }
}
