import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ZStandCountsRequest, type TExhibitorStats, type TStandCounts } from '@flohmarkt/contracts';
import { idList, parseBody, validIds } from '../shared/input.js';
import { StandQueries } from './stand-queries.js';

/** Bulk reads for other services (events: counts on every event list; auth: exhibitor numbers). */
@Controller('internal')
export class StandsInternalController {
  constructor(private readonly queries: StandQueries) {}

  /** `{ eventIds: [...] }` → approved stands per event, 0 for each asked event without any (ids in the body: lists are long). */
  @Post('stand-counts')
  @HttpCode(200)
  counts(@Body() body: unknown): Promise<TStandCounts> {
    return this.queries.approvedCounts(validIds(parseBody(ZStandCountsRequest, body).eventIds));
  }

  /** `?userIds=a,b` → { totalStands, avgRating } per user (approved stands; 0 when none). */
  @Get('exhibitor-stats')
  stats(@Query('userIds') userIds?: string): Promise<TExhibitorStats> {
    return this.queries.exhibitorStats(idList(userIds));
  }
}
