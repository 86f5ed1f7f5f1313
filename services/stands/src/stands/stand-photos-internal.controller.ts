import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { API_ERRORS, ZStandPhotoChange, type TStandPhotoAccess, type TStandPhotoList } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody, pathId } from '../shared/input.js';
import { changeStandDecision } from './stand-access.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPhotos } from './stand-photos.js';

/**
 * The media service owns the photo objects, the stands service the list on the stand
 * (contracts internal-media.ts). Media asks here whether the caller may change a stand's photos,
 * then adds or removes one path at a time.
 */
@Controller('internal/stands/:id')
export class StandPhotosInternalController {
  constructor(
    private readonly loader: StandLoader,
    private readonly photos: StandPhotos,
  ) {}

  /** The same rule as editing the stand: owner, organiser or admin; guest stands organiser or admin. */
  @Get('photo-access')
  async access(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStandPhotoAccess> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(changeStandDecision(caller, stand, event));
    return { standId: stand.id, photos: stand.photos };
  }

  /** Idempotent; 409 when the stand has its three photos already. Media checked the caller before. */
  @Post('photos')
  @HttpCode(200)
  async add(@Param('id') id: string, @Body() body: unknown): Promise<TStandPhotoList> {
    const standId = pathId(id, API_ERRORS.standNotFound);
    const change = parseBody(ZStandPhotoChange, body);
    return { photos: await this.photos.add(standId, change.path) };
  }

  /** Idempotent; `reason` when media dropped an upload it could not process. */
  @Delete('photos')
  async remove(@Param('id') id: string, @Body() body: unknown): Promise<TStandPhotoList> {
    const standId = pathId(id, API_ERRORS.standNotFound);
    const change = parseBody(ZStandPhotoChange, body);
    return { photos: await this.photos.remove(standId, change.path, change.reason ?? null) };
  }
}
