import { hasBegun, STAND_API_ERRORS, type TAuthUser, type TStand } from '@flohmarkt/contracts';
import { Spinner } from '@/components/ui/Spinner';
import { StarRating } from '@/components/ui/StarRating';
import { loginUrl } from '@/lib/event-links';
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
 * the market has begun, as the server allows (before, the form would only end in its refusal).
 */
export function ReviewsSection({ stand, user, userLoading, eventStart }: ReviewsSectionProps) {
  const reviews = useStandReviews(stand.id);
  const list = reviews.data ?? [];
  const own = user !== null && user.id === stand.exhibitorId;
  const alreadyReviewed = user !== null && list.some((r) => r.reviewerId === user.id);
  const beforeStart = eventStart !== undefined && !hasBegun({ startDateTime: eventStart }, new Date());

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
          <ReviewList reviews={list} />
        </>
      ) : null}
      {reviews.isSuccess && list.length === 0 ? <p className="muted">Noch keine Bewertungen.</p> : null}
      {userLoading || own || alreadyReviewed || !stand.isApproved ? null : beforeStart ? (
        <p className="muted">{STAND_API_ERRORS.reviewBeforeStart}</p>
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
