import { Injectable } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { UsersClient } from '../peers/users-client.js';
import type { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

/** Turns stored stands into read shapes, with one bulk call to auth for the whole list. */
@Injectable()
export class StandPresenter {
  constructor(private readonly users: UsersClient) {}

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
