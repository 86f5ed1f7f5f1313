import { LIMITS } from '@flohmarkt/contracts';

const STARS = Array.from({ length: LIMITS.reviewRatingMax }, (_, i) => i + 1);

/** Read-only stars, e.g. '4,5 von 5 Sternen'. */
export function StarRating({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(value * 2) / 2;
  const label = `${rounded.toLocaleString('de-DE')} von ${LIMITS.reviewRatingMax} Sternen`;
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label}>
      {STARS.map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={star <= rounded ? 'stars__star stars__star--on' : star - 0.5 === rounded ? 'stars__star stars__star--half' : 'stars__star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}
