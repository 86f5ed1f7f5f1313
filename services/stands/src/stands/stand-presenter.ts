import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TStand } from '@flohmarkt/contracts';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { waitlistPositions } from './capacity.js';
import type { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

/**
 * Turns stored stands into read shapes, with the exhibitors' names and the photos' states from the
 * read models, and the waitlisted ones' places (one query each per list, only when needed).
 */
@Injectable()
export class StandPresenter {
  constructor(
    private readonly users: UserNamesReadModel,
    private readonly photos: PhotoStatesReadModel,
    /** For the waitlist's places (left out by specs that read no waitlisted stand). */
    @InjectDataSource() private readonly dataSource?: DataSource,
  ) {}

  async many(stands: StandEntity[]): Promise<TStand[]> {
    const ids = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const withPhotos = stands.filter((s) => s.photos.length > 0).map((s) => s.id);
    const waiting = stands.filter((s) => s.status === 'waitlisted').map((s) => s.id);
    const [exhibitors, photoStates, positions] = await Promise.all([
      ids.length ? this.users.exhibitors(ids) : new Map(),
      this.photos.of(withPhotos),
      waiting.length && this.dataSource ? waitlistPositions(this.dataSource.manager, waiting) : new Map<string, number>(),
    ]);
    return stands.map((s) => toStand(s, exhibitors, photoStates, positions));
  }

  async one(stand: StandEntity): Promise<TStand> {
    const [read] = await this.many([stand]);
    return read;
  }
}
