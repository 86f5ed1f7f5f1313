import { Controller, Get, Param } from '@nestjs/common';
import type { TStandPhotoAccess, TStandPhotoVisibility } from '@flohmarkt/contracts';
import { Caller, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { StandLoader } from './stand-loader.js';
import { StandPhotos } from './stand-photos.js';

/**
 * The media service asks here, before an upload or a removal, whether the caller may change a
 * stand's photos (contracts internal-calls.ts, STAND_PHOTO_ACCESS): an access decision, so it stays
 * synchronous. The list itself is media's; this service keeps a copy (StandPhotosChanged).
 */
@Controller('internal/stands/:id')
export class StandPhotosInternalController {
  constructor(
    private readonly photos: StandPhotos,
    private readonly loader: StandLoader,
  ) {}

  @Get('photo-access')
  access(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStandPhotoAccess> {
    return this.photos.access(id, caller);
  }

  /**
   * Serving a photo: 404 when the caller may not see the stand (the same rule as the stand page),
   * else whether everyone may. Reads the event copy only when visibility depends on the organiser.
   */
  @Get('photo-visibility')
  async visibility(@Param('id') id: string, @Caller() caller: CallerContext | null): Promise<TStandPhotoVisibility> {
    const stand = await this.loader.visible(id, caller);
    return { standId: stand.id, public: stand.status === 'approved' };
  }
}
