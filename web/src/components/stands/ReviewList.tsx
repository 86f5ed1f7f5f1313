import type { ReactNode } from 'react';
import { StarRating } from '@/components/ui/StarRating';
import { formatDate } from '@flohmarkt/contracts';
import type { TReview } from '@flohmarkt/contracts';
import { shortName } from '@/lib/exhibitor-name';
import './reviews.css';

interface ReviewListProps {
  reviews: TReview[];
  limit?: number;
  standLabel?: (standId: string) => string | undefined;
  /** What may be done with each review here (an admin's "Entfernen"), at the end of its head line. */
  actionFor?: (review: TReview) => ReactNode;
}

/** Reviews, newest first: stars, comment, date and the reviewer's short name. */
export function ReviewList({ reviews, limit, standLabel, actionFor }: ReviewListProps) {
  const sorted = [...reviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
  return (
    <ul className="review-list">
      {sorted.map((review) => (
        <li key={review.id} className="review">
          <div className="review__head">
            <StarRating value={review.rating} size="sm" />
            <span className="review__meta">
              {[review.reviewer ? shortName(review.reviewer) : null, standLabel?.(review.standId), formatDate(review.createdAt)].filter(Boolean).join(' · ')}
            </span>
            {actionFor ? <span className="review__action">{actionFor(review)}</span> : null}
          </div>
          {review.comment ? <p className="review__comment">{review.comment}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The average of some ratings (0 without any). */
export function averageRating(reviews: Array<Pick<TReview, 'rating'>>): number {
  return reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
}
