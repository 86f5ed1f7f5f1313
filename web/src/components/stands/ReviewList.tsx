import { StarRating } from '@/components/ui/StarRating';
import { formatDate } from '@flohmarkt/contracts';
import type { TReview } from '@flohmarkt/contracts';
import { shortName } from '@/lib/exhibitor-name';
import './reviews.css';

/** Reviews, newest first: stars, comment, date and the reviewer's short name. */
export function ReviewList({ reviews, limit, standLabel }: { reviews: TReview[]; limit?: number; standLabel?: (standId: string) => string | undefined }) {
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
