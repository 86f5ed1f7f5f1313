import type { Asker } from '@flohmarkt/server-kit';
import { Injectable } from '@nestjs/common';
import type { TStandPhotoAccess, TStandPhotoVisibility } from '@flohmarkt/contracts';
import { guestHolds } from './guest-manage-token.js';
import { changeStandDecision } from './stand-access.js';
import { StandLoader, enforce } from './stand-loader.js';
import type { StandEntity } from './stand.entity.js';

/**
 * The decisions the stands service still makes about photos: who may change a stand's photos and
 * who may see them. The media service owns the photos and their list; this service keeps a copy of
 * the list on the stand (read-models/photo-lists.ts) and sends an edit's order and removals through
 * its outbox.
 */
@Injectable()
export class StandPhotos {
  constructor(private readonly loader: StandLoader) {}

  /**
   * The same rule as editing the stand (owner, organiser or admin; guest stands organiser or admin),
   * and the guest by their stand's manage token, as for its items: photos are what a guest adds after
   * registering. 404 before 403.
   */
  async access(id: string, asker: Asker): Promise<TStandPhotoAccess> {
    const byToken = (stand: StandEntity): boolean => guestHolds(stand, asker.manageToken);
    const { stand, event } = await this.loader.withEvent(id, byToken);
    if (!byToken(stand)) enforce(changeStandDecision(asker.caller, stand, event));
    return { standId: stand.id };
  }

  /**
   * Serving a photo: 404 when the asker may not see the stand (the same rule as the stand page; a
   * guest sees their own stand's by its token while it waits), else whether everyone may.
   */
  async visibility(id: string, asker: Asker): Promise<TStandPhotoVisibility> {
    const stand = await this.loader.visible(id, asker.caller, asker.manageToken);
    return { standId: stand.id, public: stand.status === 'approved' };
  }
}
