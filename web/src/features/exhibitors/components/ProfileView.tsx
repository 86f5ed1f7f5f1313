import type { TExhibitor, TStand } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { ReviewList } from '@/components/stands/ReviewList';
import { standTitle } from '@/lib/stand-title';
import { useExhibitorReviews } from '../api/get-exhibitor-reviews';
import { ProfileAbout } from './ProfileAbout';
import { ProfileHeader } from './ProfileHeader';
import { RecentStands, recentStands } from './RecentStands';
import '../profile.css';

const LATEST_REVIEWS = 5;

/**
 * The public seller profile, real data only: profile, recent stands with their events, totals,
 * average rating and the latest reviews of all their stands. `actions`: what the page adds to the header
 * (the user page: "Veranstalter folgen").
 */
export function ProfileView({ exhibitor, stands, actions }: { exhibitor: TExhibitor; stands: TStand[]; actions?: ReactNode }) {
  const approved = stands.filter((s) => s.isApproved);
  const recent = recentStands(approved);
  const reviews = useExhibitorReviews(exhibitor.id).data ?? [];
  const titles = new Map(approved.map((s) => [s.id, standTitle(s)]));
  return (
    <>
      <ProfileHeader exhibitor={exhibitor} actions={actions} />
      <div className="container exhibitor-profile">
        <ProfileAbout exhibitor={exhibitor} />
        <RecentStands stands={recent} />
        <section className="card exhibitor-profile__wide" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="card__title">
            Neueste Bewertungen
          </h2>
          {reviews.length > 0 ? (
            <ReviewList reviews={reviews} limit={LATEST_REVIEWS} standLabel={(id) => titles.get(id)} />
          ) : (
            <p className="muted">Noch keine Bewertungen.</p>
          )}
        </section>
      </div>
    </>
  );
}
