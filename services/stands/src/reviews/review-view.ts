import { lastNameInitial, type TReview, type TStandExhibitor } from '@flohmarkt/contracts';
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

/**
 * The writer as the stand page names them ('Vera B.', shortPersonName's rule): the first name and the
 * initial of the last name. Reviews are public whether or not the writer's profile is, so the whole
 * last name never leaves the service, nor whether the profile is private.
 */
function reviewerOf(person: TStandExhibitor | undefined): TReview['reviewer'] {
  return person ? { id: person.id, firstName: person.firstName, lastName: lastNameInitial(person.lastName) } : null;
}
