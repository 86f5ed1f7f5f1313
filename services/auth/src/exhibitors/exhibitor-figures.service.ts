import { Injectable } from '@nestjs/common';
import type { ExhibitorProfileEntity } from '../profiles/exhibitor-profile.entity.js';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { storedFigures } from '../profiles/profile-view.js';
import { NO_FIGURES, type ExhibitorFigures } from './exhibitor-figures.js';
import { ExhibitorStatsClient } from './exhibitor-stats.client.js';

/**
 * Keeps totalStands and avgRating true. Stands owns stands and reviews, so it is the source: every
 * read that answers these figures asks it (one bulk call for the whole list) and writes them into
 * the profile row when they differ. Why store them at all rather than only compute on read: the
 * row is then the last true value, answered while stands is down or slow (a profile page should not
 * fail because of a counter), and the profile's stored columns never drift into fiction.
 * Users without a profile row have figures too (stands they had before creating a profile).
 */
@Injectable()
export class ExhibitorFiguresService {
  constructor(
    private readonly stats: ExhibitorStatsClient,
    private readonly profiles: ExhibitorProfilesService,
  ) {}

  async current(userIds: string[], profiles: ExhibitorProfileEntity[]): Promise<Map<string, ExhibitorFigures>> {
    const live = await this.stats.figures(userIds);
    if (live) {
      for (const profile of profiles) {
        const figures = live.get(profile.userId);
        if (figures) await this.profiles.storeFigures(profile, figures);
      }
      return live;
    }
    const stored = new Map<string, ExhibitorFigures>(userIds.map((id) => [id, NO_FIGURES]));
    for (const profile of profiles) stored.set(profile.userId, storedFigures(profile));
    return stored;
  }

  async forProfiles(profiles: ExhibitorProfileEntity[]): Promise<Map<string, ExhibitorFigures>> {
    return this.current([...new Set(profiles.map((p) => p.userId))], profiles);
  }
}
