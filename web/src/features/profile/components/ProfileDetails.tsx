import { ROLE_LABELS, type TAuthUser, type TExhibitor, type TExhibitorProfile, formatMonthYear } from '@flohmarkt/contracts';
import { StarRating } from '@/components/ui/StarRating';
import { UserAvatar } from '@/components/layout/UserAvatar';
import { getDisplayName } from '@/lib/initials';
import { NewTabLink } from '@/components/ui/NewTabLink';

interface ProfileDetailsProps {
  user: TAuthUser;
  profile: TExhibitorProfile | null;
  figures: TExhibitor | undefined;
}

/** The profile's view mode: who, about, specialties, links and the figures. */
export function ProfileDetails({ user, profile, figures }: ProfileDetailsProps) {
  const rating = figures ? Number(figures.avgRating) : 0;
  return (
    <div className="card profile-details">
      <div className="profile-details__head">
        <UserAvatar user={user} size="lg" />
        <div>
          <p className="profile-details__name">{getDisplayName(user) || user.email}</p>
          <p className="muted">
            {user.email} · {ROLE_LABELS[user.role]}
          </p>
        </div>
      </div>
      <dl className="profile-stats-row">
        <div>
          <dt>Stände</dt>
          <dd>{figures?.totalStands ?? 0}</dd>
        </div>
        <div>
          <dt>Bewertung</dt>
          <dd>{rating > 0 ? <StarRating value={rating} size="sm" /> : 'Noch keine'}</dd>
        </div>
        {figures ? (
          <div>
            <dt>Mitglied seit</dt>
            <dd>{formatMonthYear(figures.memberSince)}</dd>
          </div>
        ) : null}
      </dl>
      <h2 className="card__subtitle">Über mich</h2>
      <p className="prose">{profile?.bio || <span className="muted">Noch keine Beschreibung.</span>}</p>
      <h2 className="card__subtitle">Spezialgebiete</h2>
      {profile && profile.specialties.length > 0 ? (
        <ul className="badge-list">
          {profile.specialties.map((s) => (
            <li key={s} className="badge badge--category">
              {s}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Keine angegeben.</p>
      )}
      <h2 className="card__subtitle">Verkaufsprofile</h2>
      {profile?.kleinanzeigenUrl || profile?.vintedUrl ? (
        <ul className="link-list">
          {profile.kleinanzeigenUrl ? (
            <li>
              <NewTabLink href={profile.kleinanzeigenUrl}>Kleinanzeigen</NewTabLink>
            </li>
          ) : null}
          {profile.vintedUrl ? (
            <li>
              <NewTabLink href={profile.vintedUrl}>Vinted</NewTabLink>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="muted">Keine Links angegeben.</p>
      )}
    </div>
  );
}
