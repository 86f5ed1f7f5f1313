import { Controller, Get, Query } from '@nestjs/common';
import type { TExhibitorStats, TStandCounts } from '@flohmarkt/contracts';
import { idList } from '../shared/input.js';
import { StandQueries } from './stand-queries.js';

/** Bulk reads for other services (events: counts on every event list; auth: exhibitor numbers). */
@Controller('internal')
export class StandsInternalController {
  constructor(private readonly queries: StandQueries) {}

  /** `?eventIds=a,b` → approved stands per event, 0 for each asked event without any. */
  @Get('stand-counts')
  counts(@Query('eventIds') eventIds?: string): Promise<TStandCounts> {
    return this.queries.approvedCounts(idList(eventIds));
  }

  /** `?userIds=a,b` → { totalStands, avgRating } per user (approved stands; 0 when none). */
  @Get('exhibitor-stats')
  stats(@Query('userIds') userIds?: string): Promise<TExhibitorStats> {
    return this.queries.exhibitorStats(idList(userIds));
  }
}
