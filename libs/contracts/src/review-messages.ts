/*
 * The reviews' own sentences, without zod: the stand page says why it offers no form before any call
 * (a visitor's stand page loads no schema library, issue 21). review.ts re-exports them.
 */
export const REVIEW_MESSAGES = {
  /** POST /api/stands/{id}/reviews at a cancelled market (403), and the stand page in place of the form. */
  eventCancelled: 'Der Flohmarkt wurde abgesagt, Bewertungen sind nicht möglich.',
  /** DELETE /api/stands/{id}/reviews/{reviewId}: no such review of this stand (404). */
  reviewNotFound: 'Die Bewertung wurde nicht gefunden.',
} as const;
