import type { TReview } from '@flohmarkt/contracts';
import type { ReviewEntity } from './review.entity.js';

export function toReview(r: ReviewEntity): TReview {
  return { id: r.id, standId: r.standId, reviewerId: r.reviewerId, rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString() };
}
