import { describe, expect, it } from 'vitest';
import { ZReview } from '@flohmarkt/contracts';
import { ReviewEntity } from './review.entity.js';
import { toReview } from './review-view.js';

const WRITER = 'c0000000-0000-4000-8000-000000000001';

const review = Object.assign(new ReviewEntity(), {
  id: 'c0000000-0000-4000-8000-0000000000aa',
  standId: 'c0000000-0000-4000-8000-0000000000bb',
  reviewerId: WRITER,
  rating: 5,
  comment: 'Sehr freundlich.',
  createdAt: new Date('2026-06-13T12:00:00Z'),
});

describe('toReview', () => {
  it("names the writer without telling whether their profile is private: exactly the contract's shape", () => {
    const read = toReview(review, new Map([[WRITER, { id: WRITER, firstName: 'Anna', lastName: 'S', profilePublic: false }]]));
    expect(read.reviewer).toEqual({ id: WRITER, firstName: 'Anna', lastName: 'S' });
    expect(ZReview.strict().safeParse(read).success).toBe(true);
  });

  it('has no writer when nobody knows them any more', () => {
    expect(toReview(review, new Map()).reviewer).toBeNull();
  });
});
