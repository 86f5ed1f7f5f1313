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
    reviewer: reviewerOf(people.get(r.reviewerId)),
  };
}

/** The writer's name only, as the contract has it: whether their profile is public is no part of a review. */
function reviewerOf(person: TStandExhibitor | undefined): TReview['reviewer'] {
  return person ? { id: person.id, firstName: person.firstName, lastName: person.lastName } : null;
}
