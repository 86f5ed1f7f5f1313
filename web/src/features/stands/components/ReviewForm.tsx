import { LIMITS } from '@flohmarkt/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast/use-toast';
import { useCreateReview } from '../api/create-review';

const RATINGS = Array.from({ length: LIMITS.reviewRatingMax }, (_, i) => i + 1);

/** A signed-in visitor rates a stand (1 to 5 stars) with an optional comment. */
export function ReviewForm({ standId }: { standId: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const create = useCreateReview(standId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < LIMITS.reviewRatingMin) {
      setError('Bitte wähle eine Bewertung von 1 bis 5 Sternen.');
      return;
    }
    setError(null);
    // mutateAsync, not mutate's callbacks: once the new review is listed the form unmounts, and
    // callbacks of an unmounted caller never run.
    create
      .mutateAsync({ rating, comment: comment.trim() || null })
      .then(() => {
        setRating(0);
        setComment('');
        toast({ title: 'Danke für deine Bewertung!' });
      })
      .catch((e: Error) => setError(e.message));
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <fieldset className="rating-input">
        <legend className="field-label">Deine Bewertung</legend>
        {RATINGS.map((value) => (
          <label key={value} className={`rating-input__star${value <= rating ? ' rating-input__star--on' : ''}`}>
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{value === 1 ? '1 Stern' : `${value} Sterne`}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={commentId} className="field-label">
        Kommentar (optional)
      </label>
      <textarea
        id={commentId}
        className="input textarea"
        rows={3}
        maxLength={LIMITS.longTextMaxLength}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="Was hat dir an diesem Stand gefallen?"
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        Bewertung abschicken
      </button>
    </form>
  );
}
