import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { API_ERRORS, STAND_PHOTO_PREFIX, VALIDATION, ZStandPhotoChange, type TStandPhotoAccess, type TStandPhotoList } from '@flohmarkt/contracts';
import { Caller, SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
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

  /**
   * Idempotent; 409 when the stand has its three photos already. Media checked the caller before;
   * the check is made again here, so this route alone never changes a stranger's stand.
   */
  @Post('photos')
  @HttpCode(200)
  async add(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStandPhotoList> {
    const standId = pathId(id, API_ERRORS.standNotFound);
    await this.mayChange(id, caller);
    const change = parseBody(ZStandPhotoChange, body);
    if (!change.path.startsWith(`${STAND_PHOTO_PREFIX}${standId}/`)) throw fail.invalid(VALIDATION.invalidPhotoList);
    return { photos: await this.photos.add(standId, change.path) };
  }

  /**
   * Idempotent. With a caller: the same right as editing the stand. Without one: only media's own
   * clean-up of an upload it could not process, which says why (`reason`, shown on the stand).
   */
  @Delete('photos')
  async remove(@Param('id') id: string, @Body() body: unknown, @Caller() caller: CallerContext | null): Promise<TStandPhotoList> {
    const standId = pathId(id, API_ERRORS.standNotFound);
    const change = parseBody(ZStandPhotoChange, body);
    if (caller) await this.mayChange(id, caller);
    else if (!change.reason) throw fail.unauthenticated();
    return { photos: await this.photos.remove(standId, change.path, change.reason ?? null) };
  }

  private async mayChange(id: string, caller: CallerContext): Promise<void> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(changeStandDecision(caller, stand, event));
  }
}
