import type { TExhibitor } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { StarRating } from '@/components/ui/StarRating';
import { formatMonthYear } from '@flohmarkt/contracts';
import { shortName } from '@/lib/exhibitor-name';

/** Name, avatar, member since, totals and rating of an exhibitor; `actions` below them. */
export function ProfileHeader({ exhibitor, actions }: { exhibitor: TExhibitor; actions?: ReactNode }) {
  const name = shortName(exhibitor);
  const initials = `${exhibitor.firstName?.charAt(0) ?? ''}${exhibitor.lastName?.charAt(0) ?? ''}`.toUpperCase() || 'A';
  const rating = Number(exhibitor.avgRating);
  return (
    <header className="profile-hero brand-gradient">
      <div className="container profile-hero__inner">
        {exhibitor.profileImageUrl ? (
          <img className="profile-hero__avatar" src={exhibitor.profileImageUrl} alt="" width={96} height={96} />
        ) : (
          <span className="profile-hero__avatar profile-hero__avatar--initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <h1 className="profile-hero__title">{name}</h1>
          <p className="profile-hero__meta">Mitglied seit {formatMonthYear(exhibitor.memberSince)}</p>
          <dl className="profile-stats">
            <div>
              <dt>Stände</dt>
              <dd>{exhibitor.totalStands}</dd>
            </div>
            <div>
              <dt>Bewertung</dt>
              <dd>{rating > 0 ? <StarRating value={rating} size="sm" /> : 'Noch keine'}</dd>
            </div>
          </dl>
          {actions}
        </div>
      </div>
    </header>
  );
}
