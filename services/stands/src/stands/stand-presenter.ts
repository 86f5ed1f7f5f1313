import { Injectable } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

/**
 * Turns stored stands into read shapes, with the exhibitors' names and the photos' states from the
 * read models (one query each per list).
 */
@Injectable()
export class StandPresenter {
  constructor(
    private readonly users: UserNamesReadModel,
    private readonly photos: PhotoStatesReadModel,
  ) {}

  async many(stands: StandEntity[]): Promise<TStand[]> {
    const ids = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const withPhotos = stands.filter((s) => s.photos.length > 0).map((s) => s.id);
    const [exhibitors, photoStates] = await Promise.all([ids.length ? this.users.exhibitors(ids) : new Map(), this.photos.of(withPhotos)]);
    return stands.map((s) => toStand(s, exhibitors, photoStates));
  }

  async one(stand: StandEntity): Promise<TStand> {
    const [read] = await this.many([stand]);
    return read;
  }
}
