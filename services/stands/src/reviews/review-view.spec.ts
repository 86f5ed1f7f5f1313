import { describe, expect, it } from 'vitest';
import { shortPersonName, ZReview } from '@flohmarkt/contracts';
import { ReviewEntity } from './review.entity.js';
import { lastNameInitial as initialOf } from '@flohmarkt/contracts';
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
    expect(read.reviewer).toEqual({ id: WRITER, firstName: 'Anna', lastName: 'S.' });
    expect(ZReview.strict().safeParse(read).success).toBe(true);
  });

  it('carries only the initial of the last name, so the page reads the same short name and the whole name stays here', () => {
    const read = toReview(review, new Map([[WRITER, { id: WRITER, firstName: 'Vera', lastName: 'Besuch', profilePublic: false }]]));
    expect(read.reviewer).toEqual({ id: WRITER, firstName: 'Vera', lastName: 'B.' });
    expect(JSON.stringify(read)).not.toContain('Besuch');
    expect(shortPersonName(read.reviewer!)).toBe('Vera B.');
  });

  it('has no writer when nobody knows them any more', () => {
    expect(toReview(review, new Map()).reviewer).toBeNull();
  });
});

describe('initialOf', () => {
  it('takes the first character, upper-cased, of a last name that has one', () => {
    expect(initialOf('  de Vries ')).toBe('D.');
    expect(initialOf('Ölmann')).toBe('Ö.');
    // A whole character outside the basic plane, never half of its surrogate pair.
    expect(initialOf('𝒜ster')).toBe('𝒜.');
    expect(initialOf('   ')).toBeNull();
    expect(initialOf(null)).toBeNull();
  });
});
