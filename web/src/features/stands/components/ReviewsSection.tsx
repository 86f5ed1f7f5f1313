import { formatDate, hasBegun, REVIEW_MESSAGES, STAND_API_ERRORS, type TAuthUser, type TReview, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { Spinner } from '@/components/ui/Spinner';
import { StarRating } from '@/components/ui/StarRating';
import { toast } from '@/components/ui/toast/use-toast';
import { useEvent } from '@/features/events/api/get-event';
import { isUnauthorizedError } from '@/lib/api-client';
import { loginUrl } from '@/lib/event-links';
import { useDeleteReview } from '../api/delete-review';
import { useStandReviews } from '../api/get-stand-reviews';
import { ReviewForm } from './ReviewForm';
import { averageRating, ReviewList } from '@/components/stands/ReviewList';
import { paths } from '@/lib/paths';

interface ReviewsSectionProps {
  stand: TStand;
  user: TAuthUser | null;
  userLoading: boolean;
  /** When the stand's market begins (undefined while it loads): before then no one may review. */
  eventStart: string | undefined;
}

/**
 * The stand's reviews and, for a signed-in visitor who does not own it, the form to write one: once
 * the market has begun and unless it was cancelled, as the server allows (otherwise the form would
 * only end in its refusal, so the section says why instead). Whoever wrote a review may delete it here,
 * and an admin any (the server's rule, DELETE_REVIEW).
 */
export function ReviewsSection({ stand, user, userLoading, eventStart }: ReviewsSectionProps) {
  const reviews = useStandReviews(stand.id);
  // The page reads the same market (one query): whether it was cancelled.
  const cancelled = useEvent(stand.eventId).data?.status === 'cancelled';
  const list = reviews.data ?? [];
  const own = user !== null && user.id === stand.exhibitorId;
  const mine = user === null ? undefined : list.find((r) => r.reviewerId === user.id);
  const beforeStart = eventStart !== undefined && !hasBegun({ startDateTime: eventStart }, new Date());
  const refusal = cancelled ? REVIEW_MESSAGES.eventCancelled : beforeStart ? STAND_API_ERRORS.reviewBeforeStart : null;
  const moderation = useReviewRemoval(stand.id, 'Die Bewertung ist entfernt.');
  const admin = user?.role === 'admin';

  return (
    <section className="stand-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        Bewertungen
      </h2>
      {reviews.isPending ? <Spinner label="Bewertungen werden geladen …" /> : null}
      {reviews.isError ? <p className="notice notice--error">{reviews.error.message}</p> : null}
      {list.length > 0 ? (
        <>
          <p className="rating-summary">
            <StarRating value={averageRating(list)} /> <span>{list.length === 1 ? '1 Bewertung' : `${list.length} Bewertungen`}</span>
          </p>
          <ReviewList
            reviews={list}
            actionFor={
              admin
                ? (review) => (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Bewertung vom ${formatDate(review.createdAt)} entfernen`}
                      onClick={() => moderation.ask(review)}
                    >
                      Entfernen
                    </button>
                  )
                : undefined
            }
          />
          {moderation.error}
          <ConfirmDialog title="Bewertung entfernen?" confirmLabel="Entfernen" busy={moderation.busy} {...moderation.dialog}>
            <p>
              Die Bewertung verschwindet für alle von diesem Stand, und der Durchschnitt des Ausstellers ändert sich. Das lässt sich nicht rückgängig machen.
            </p>
          </ConfirmDialog>
        </>
      ) : null}
      {reviews.isSuccess && list.length === 0 ? <p className="muted">Noch keine Bewertungen.</p> : null}
      {mine ? <OwnReview standId={stand.id} review={mine} /> : null}
      {userLoading || own || mine || !stand.isApproved ? null : refusal ? (
        <p className="muted">{refusal}</p>
      ) : user ? (
        <ReviewForm standId={stand.id} />
      ) : (
        <p className="muted">
          <a href={loginUrl(paths.stand(stand.id))}>Melde dich an</a>, um eine Bewertung zu schreiben.
        </p>
      )}
    </section>
  );
}

/**
 * Deleting a review behind a confirmation: `ask(review)` opens the dialog (`dialog`), its confirmation
 * deletes and toasts `doneText`; a refusal is shown as `error`.
 */
function useReviewRemoval(standId: string, doneText: string) {
  const remove = useDeleteReview(standId);
  const [error, setError] = useState<string | null>(null);
  const removal = useConfirmation<TReview>((subject, done) => {
    setError(null);
    // mutateAsync, not mutate's callbacks: once the reloaded list lacks the review the asking part may
    // unmount, and callbacks of an unmounted caller never run (the toast would be lost).
    remove
      .mutateAsync(subject)
      .then(() => toast({ title: doneText }))
      .catch((e: Error) => (isUnauthorizedError(e) ? handleSessionExpired() : setError(e.message)))
      .finally(done);
  });
  return {
    ask: removal.ask,
    dialog: removal.dialog,
    busy: remove.isPending,
    error: error ? (
      <p className="form-error" role="alert">
        {error}
      </p>
    ) : null,
  };
}

/** The signed-in writer's own review, listed above: they may delete it (asked first), and then write a new one. */
function OwnReview({ standId, review }: { standId: string; review: TReview }) {
  const removal = useReviewRemoval(standId, 'Deine Bewertung ist gelöscht.');
  return (
    <div className="own-review">
      <p className="muted">
        Du hast diesen Stand mit <StarRating value={review.rating} size="sm" /> bewertet.{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => removal.ask(review)}>
          Löschen
        </button>
      </p>
      {removal.error}
      <ConfirmDialog title="Bewertung löschen?" confirmLabel="Löschen" busy={removal.busy} {...removal.dialog}>
        <p>Deine Bewertung verschwindet von diesem Stand, und der Durchschnitt des Ausstellers ändert sich. Das lässt sich nicht rückgängig machen.</p>
      </ConfirmDialog>
    </div>
  );
}
