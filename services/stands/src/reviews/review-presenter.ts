import { Injectable } from '@nestjs/common';
import type { TReview } from '@flohmarkt/contracts';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { ReviewEntity } from './review.entity.js';
import { toReview } from './review-view.js';

/** Reviews with their writers' names, from the read model (one query per list). */
@Injectable()
export class ReviewPresenter {
  constructor(private readonly users: UserNamesReadModel) {}

  async many(reviews: ReviewEntity[]): Promise<TReview[]> {
    const people = reviews.length ? await this.users.exhibitors(reviews.map((r) => r.reviewerId)) : new Map();
    return reviews.map((r) => toReview(r, people));
  }
}
