import { Injectable } from '@nestjs/common';
import type { TStandPhotoAccess } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { changeStandDecision } from './stand-access.js';
import { StandLoader, enforce } from './stand-loader.js';

/**
 * The one decision the stands service still makes about photos: who may change a stand's photos.
 * The media service owns the photos and their list; this service keeps a copy of the list on the
 * stand (read-models/photo-lists.ts) and sends an edit's order and removals through its outbox.
 */
@Injectable()
export class StandPhotos {
  constructor(private readonly loader: StandLoader) {}

  /** The same rule as editing the stand: owner, organiser or admin; guest stands organiser or admin. 404 before 403. */
  async access(id: string, caller: CallerContext): Promise<TStandPhotoAccess> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(changeStandDecision(caller, stand, event));
    return { standId: stand.id };
  }
}
