import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { CREATE_REVIEW, DELETE_REVIEW, isId, LIST_STAND_REVIEWS, STAND_API_ERRORS, type TReview } from '@flohmarkt/contracts';
import { Caller, PublicRoute, SignedInCaller, fail, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { isUniqueViolation } from '../shared/input.js';
import { visibilityNeedsEvent } from '../stands/stand-access.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandQueries } from '../stands/stand-queries.js';
import { ReviewCommands } from './review-commands.js';
import { deleteReviewDecision, reviewDecision } from './review-rules.js';
import { ReviewPresenter } from './review-presenter.js';

/** Reviews of a stand: rating 1-5 and an optional comment, once per visitor; its writer or an admin deletes it. */
@Controller()
export class ReviewsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: ReviewPresenter,
    private readonly commands: ReviewCommands,
  ) {}

  /** Newest first; a stand the caller may not see has no reviews to show (404). */
  @PublicRoute(LIST_STAND_REVIEWS)
  async list(@Param('id') id: string, @Caller() caller: CallerContext | null): Promise<TReview[]> {
    const stand = await this.loader.visible(id, caller);
    return this.presenter.many(await this.queries.reviewsOf(stand.id));
  }

  @PublicRoute(CREATE_REVIEW)
  async create(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TReview> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(reviewDecision(caller, stand, event, new Date()));
    const input = parseCallBody(CREATE_REVIEW, body);
    if (await this.queries.hasReviewed(stand.id, caller.id)) throw fail.conflict(STAND_API_ERRORS.reviewAlreadyGiven);
    try {
      const created = await this.commands.create(
        { standId: stand.id, reviewerId: caller.id, rating: input.rating, comment: input.comment ?? null },
        stand.exhibitorId,
      );
      const [review] = await this.presenter.many([created]);
      return review;
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_reviews_stand_id_reviewer_id')) throw fail.conflict(STAND_API_ERRORS.reviewAlreadyGiven);
      throw err;
    }
  }

  /**
   * Its writer deletes their own review (then may write a new one), an admin any; the exhibitor's
   * average follows in the same transaction. 204, no body. The market is asked only where seeing the
   * stand depends on who organises it (a stranger's DELETE on a pending stand: 404 like a read).
   */
  @PublicRoute(DELETE_REVIEW)
  @HttpCode(204)
  async remove(@Param('id') id: string, @Param('reviewId') reviewId: string, @SignedInCaller() caller: CallerContext): Promise<void> {
    const { stand, event } = await this.loader.withEvent(id, (s) => !visibilityNeedsEvent(caller, s));
    // A malformed id is no review: decided like an unknown one, after whether the caller may see the stand.
    const review = isId(reviewId) ? await this.commands.find(stand.id, reviewId.toLowerCase()) : null;
    enforce(deleteReviewDecision(caller, stand, event, review));
    // Allowed only with a review (its writer's, or an admin's delete).
    if (review) await this.commands.remove(review, stand.exhibitorId);
  }
}
