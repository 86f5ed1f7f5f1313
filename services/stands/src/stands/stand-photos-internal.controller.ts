import { Controller, Get, Param } from '@nestjs/common';
import type { TStandPhotoAccess } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { StandPhotos } from './stand-photos.js';

/**
 * The media service asks here, before an upload or a removal, whether the caller may change a
 * stand's photos (contracts internal-calls.ts, STAND_PHOTO_ACCESS): an access decision, so it stays
 * synchronous. The list itself is media's; this service keeps a copy (StandPhotosChanged).
 */
@Controller('internal/stands/:id')
export class StandPhotosInternalController {
  constructor(private readonly photos: StandPhotos) {}

  @Get('photo-access')
  access(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStandPhotoAccess> {
    return this.photos.access(id, caller);
  }
}
