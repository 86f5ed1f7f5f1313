import { Controller, Get, Param } from '@nestjs/common';
import type { TStandPhotoAccess, TStandPhotoVisibility } from '@flohmarkt/contracts';
import { type Asker, Caller, ManageToken, SignedInOrGuest, type CallerContext } from '@flohmarkt/server-kit';
import { StandPhotos } from './stand-photos.js';

/**
 * The media service asks here, before an upload or a removal, whether the caller (or a guest by
 * their manage token) may change a stand's photos, and before serving one whether they may see it
 * (contracts internal-calls.ts, STAND_PHOTO_ACCESS and STAND_PHOTO_VISIBILITY): access decisions,
 * so they stay synchronous. The list itself is media's; this service keeps a copy (StandPhotosChanged).
 */
@Controller('internal/stands/:id')
export class StandPhotosInternalController {
  constructor(private readonly photos: StandPhotos) {}

  /** 401 without a caller or a token: a change of photos is someone's (the public call's `signIn: 'or-manage-token'`). */
  @Get('photo-access')
  access(@Param('id') id: string, @SignedInOrGuest() asker: Asker): Promise<TStandPhotoAccess> {
    return this.photos.access(id, asker);
  }

  @Get('photo-visibility')
  visibility(@Param('id') id: string, @Caller() caller: CallerContext | null, @ManageToken() manageToken: string | undefined): Promise<TStandPhotoVisibility> {
    return this.photos.visibility(id, { caller, manageToken });
  }
}
