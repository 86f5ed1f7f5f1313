import { Controller, Query } from '@nestjs/common';
import { LIST_EXHIBITOR_REVIEWS, type TReview } from '@flohmarkt/contracts';
import { Caller, PublicRoute, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { mayListUser } from '../stands/stand-access.js';
import { StandQueries } from '../stands/stand-queries.js';
import { ReviewPresenter } from './review-presenter.js';

/** How many reviews the exhibitor page shows. */
const EXHIBITOR_REVIEWS = 10;

/** GET /reviews?exhibitorId=: the latest reviews on an exhibitor's approved stands, in one call. */
@Controller()
export class ExhibitorReviewsController {
  constructor(
    private readonly queries: StandQueries,
    private readonly presenter: ReviewPresenter,
    private readonly users: UserNamesReadModel,
  ) {}

  /** Empty for others when the exhibitor's profile is private: their page is not there for them. */
  @PublicRoute(LIST_EXHIBITOR_REVIEWS)
  async list(@Query() query: unknown, @Caller() caller: CallerContext | null): Promise<TReview[]> {
    const { exhibitorId } = parseCallQuery(LIST_EXHIBITOR_REVIEWS, query);
    const exhibitor = (await this.users.exhibitors([exhibitorId])).get(exhibitorId);
    if (!mayListUser(caller, exhibitorId, exhibitor)) return [];
    return this.presenter.many(await this.queries.reviewsOfExhibitor(exhibitorId, EXHIBITOR_REVIEWS));
  }
}
