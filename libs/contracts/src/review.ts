import { z } from 'zod';
import { ZId, ZIsoDateTime, optionalText } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';

export { REVIEW_MESSAGES } from './review-messages.js';

/**
 * A review as every read answers it (the stand's reviews, an exhibitor's latest, the created one).
 * Public: the writer is named only as the stand page names them ('Vera B.'), never with the whole last name.
 */
export const ZReview = z.object({
  id: ZId,
  standId: ZId,
  reviewerId: ZId,
  rating: z.number().int().min(LIMITS.reviewRatingMin).max(LIMITS.reviewRatingMax),
  comment: z.string().nullable(),
  createdAt: ZIsoDateTime,
  /**
   * Who wrote it (null when that user is gone): the first name and only the initial of the last name
   * (`lastName` 'B.' for Besuch), whether or not their profile is public.
   */
  reviewer: z.object({ id: ZId, firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type TReview = z.infer<typeof ZReview>;

/** GET /api/reviews?exhibitorId=…: the latest reviews on an exhibitor's approved stands. */
export const ZReviewListQuery = z.object({ exhibitorId: ZId });

/** POST /api/stands/{id}/reviews: reviewer from the session, stand from the path. */
export const ZReviewCreate = z.object({
  rating: z
    .number({ error: VALIDATION.invalidRating })
    .int(VALIDATION.invalidRating)
    .min(LIMITS.reviewRatingMin, VALIDATION.invalidRating)
    .max(LIMITS.reviewRatingMax, VALIDATION.invalidRating),
  // A review comment is short feedback, not an essay.
  comment: optionalText(LIMITS.reviewCommentMaxLength).default(null),
});
