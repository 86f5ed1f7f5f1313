import { Inject, Injectable } from '@nestjs/common';
import { DELETE_STAND_PHOTO, type TPhotosResponse } from '@flohmarkt/contracts';
import { parseCallBody, type Asker } from '@flohmarkt/server-kit';
import { parsePhotoPath } from './photo-keys.js';
import { PhotoPurge } from './photo-purge.js';
import { standPhotoCall } from './stand-photo-call.js';
import { StandPhotoList } from './stand-photo-list.js';
import { StandsClient } from '../peers/stands-client.js';

/**
 * DELETE_STAND_PHOTO `{ photoPath }`. Idempotent: a path the stand no longer lists answers
 * the current list. The photo leaves the list first (announced to the stands service in the same
 * transaction), so it is never listed without its objects; then its objects and row go.
 */
@Injectable()
export class DeletePhoto {
  constructor(
    private readonly stands: StandsClient,
    private readonly list: StandPhotoList,
    @Inject(PhotoPurge) private readonly purge: PhotoPurge,
  ) {}

  run(standId: string, asker: Asker, body: unknown): Promise<TPhotosResponse> {
    return standPhotoCall(this.stands, standId, asker, (id) => this.remove(id, body));
  }

  private async remove(standId: string, body: unknown): Promise<TPhotosResponse> {
    const { photoPath } = parseCallBody(DELETE_STAND_PHOTO, body);

    // Not a photo of this stand (e.g. an old external URL): nothing of ours goes, and the list
    // announced again drops the entry from the stand's copy.
    const ours = parsePhotoPath(photoPath);
    const photoIds = ours && ours.standId === standId ? [ours.photoId] : [];
    const photos = await this.list.remove(standId, photoIds);
    for (const photoId of photoIds) await this.purge.photo(standId, photoId);
    return { photos };
  }
}
