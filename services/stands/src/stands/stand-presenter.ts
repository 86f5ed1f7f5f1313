import { Injectable } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

/** Turns stored stands into read shapes, with the exhibitors' names from the read model (one query per list). */
@Injectable()
export class StandPresenter {
  constructor(private readonly users: UserNamesReadModel) {}

  async many(stands: StandEntity[]): Promise<TStand[]> {
    const ids = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const exhibitors = ids.length ? await this.users.exhibitors(ids) : new Map();
    return stands.map((s) => toStand(s, exhibitors));
  }

  async one(stand: StandEntity): Promise<TStand> {
    const [read] = await this.many([stand]);
    return read;
  }
}
