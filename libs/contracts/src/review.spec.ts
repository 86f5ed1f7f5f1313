import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from './validation-messages.js';
import { REVIEW_MESSAGES, ZReviewCreate } from './review.js';
import { ZSession } from './session.js';
import { firstMessage } from './testing/issues.js';

describe('reviews and sessions', () => {
  it('accept a rating from 1 to 5', () => {
    expect(ZReviewCreate.parse({ rating: 5, reviewerId: 'x' })).toEqual({ rating: 5, comment: null });
    expect(firstMessage(ZReviewCreate, { rating: 6 })).toBe(VALIDATION.invalidRating);
    expect(firstMessage(ZReviewCreate, { rating: 2.5 })).toBe(VALIDATION.invalidRating);
  });

  it('read a session row', () => {
    const parsed = ZSession.parse({ sid: 'abc', sess: { userId: 'u' }, expire: '2025-06-01T00:00:00Z' });
    expect(parsed.expire).toBeInstanceOf(Date);
  });
});

describe("the reviews' own sentences", () => {
  it('are German and reach the stand page without zod (review-messages.ts imports nothing at run time)', () => {
    expect(REVIEW_MESSAGES.eventCancelled).toBe('Der Flohmarkt wurde abgesagt, Bewertungen sind nicht möglich.');
    expect(REVIEW_MESSAGES.reviewNotFound).toBe('Die Bewertung wurde nicht gefunden.');
    const source = readFileSync(new URL('./review-messages.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import\s+(?!type\s)/m);
  });
});
