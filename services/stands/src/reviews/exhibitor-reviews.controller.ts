import { Controller, Get, Query } from '@nestjs/common';
import { ZReviewListQuery, type TReview } from '@flohmarkt/contracts';
import { parseBody } from '../shared/input.js';
import { StandQueries } from '../stands/stand-queries.js';
import { ReviewPresenter } from './review-presenter.js';

/** How many reviews the exhibitor page shows. */
const EXHIBITOR_REVIEWS = 10;

/** GET /reviews?exhibitorId=: the latest reviews on an exhibitor's approved stands, in one call. */
@Controller('reviews')
export class ExhibitorReviewsController {
  constructor(
    private readonly queries: StandQueries,
    private readonly presenter: ReviewPresenter,
  ) {}

  @Get()
  async list(@Query() query: unknown): Promise<TReview[]> {
    const { exhibitorId } = parseBody(ZReviewListQuery, query);
    return this.presenter.many(await this.queries.reviewsOfExhibitor(exhibitorId, EXHIBITOR_REVIEWS));
  }
}
