import { Controller, Get, Query } from '@nestjs/common';
import type { TExhibitorStats } from '@flohmarkt/contracts';
import { idList } from '../shared/input.js';
import { StandQueries } from './stand-queries.js';

/**
 * Bulk reads for other services (auth: exhibitor numbers). Events keeps its approved-stand counts
 * as a read model (EventStandCountChanged), so no event read waits for this service.
 */
@Controller('internal')
export class StandsInternalController {
  constructor(private readonly queries: StandQueries) {}

  /** `?userIds=a,b` → { totalStands, avgRating } per user (approved stands; 0 when none). */
  @Get('exhibitor-stats')
  stats(@Query('userIds') userIds?: string): Promise<TExhibitorStats> {
    return this.queries.exhibitorStats(idList(userIds));
  }
}
