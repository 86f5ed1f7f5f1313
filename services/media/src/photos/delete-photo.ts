import { Inject, Injectable } from '@nestjs/common';
import { API_ERRORS, ZPhotoDelete, firstZodMessage, type TPhotosResponse } from '@flohmarkt/contracts';
import { type CallerContext, fail } from '@flohmarkt/server-kit';
import { toCallerError } from './photo-errors.js';
import { isUuid, parsePhotoPath, standPhotoPath } from './photo-keys.js';
import { PhotoPurge } from './photo-purge.js';
import { StandsClient } from './stands-client.js';

/**
 * DELETE /stands/{id}/photos `{ photoPath }`. Idempotent: a path the stand no longer has answers the
 * current list. The path leaves the stand first (it is never listed without its objects), then its
 * objects and row go.
 */
@Injectable()
export class DeletePhoto {
  constructor(
    private readonly stands: StandsClient,
    @Inject(PhotoPurge) private readonly purge: PhotoPurge,
  ) {}

  async run(standId: string, caller: CallerContext, body: unknown): Promise<TPhotosResponse> {
    try {
      return await this.remove(standId, caller, body);
    } catch (err) {
      throw toCallerError(err);
    }
  }

  private async remove(rawStandId: string, caller: CallerContext, body: unknown): Promise<TPhotosResponse> {
    if (!isUuid(rawStandId)) throw fail.notFound(API_ERRORS.standNotFound);
    const standId = rawStandId.toLowerCase();
    await this.stands.photoAccess(standId, caller);
    const input = ZPhotoDelete.safeParse(body ?? {});
    if (!input.success) throw fail.invalid(firstZodMessage(input.error));

    const ours = parsePhotoPath(input.data.photoPath);
    if (!ours || ours.standId !== standId) {
      // Not a photo of ours on this stand (e.g. an old external URL): only the list entry goes.
      return { photos: await this.stands.removePhoto(standId, { path: input.data.photoPath }, caller) };
    }
    const photos = await this.stands.removePhoto(standId, { path: standPhotoPath(ours.standId, ours.photoId) }, caller);
    await this.purge.photo(ours.standId, ours.photoId);
    return { photos };
  }
}
