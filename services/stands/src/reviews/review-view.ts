import type { TReview, TStandExhibitor } from '@flohmarkt/contracts';
import type { ReviewEntity } from './review.entity.js';

export function toReview(r: ReviewEntity, people: ReadonlyMap<string, TStandExhibitor>): TReview {
  return {
    id: r.id,
    standId: r.standId,
    reviewerId: r.reviewerId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    reviewer: people.get(r.reviewerId) ?? null,
  };
}
