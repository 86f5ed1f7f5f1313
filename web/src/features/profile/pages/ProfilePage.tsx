import type { TAuthUser } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useExhibitor } from '@/features/exhibitors/api/get-exhibitor';
import { useMyStands } from '@/features/stand-registration/api/my-stands';
import { useExhibitorProfile } from '../api/exhibitor-profile';
import { LatestStands } from '../components/LatestStands';
import { ProfileDetails } from '../components/ProfileDetails';
import { ProfileEditForm } from '../components/ProfileEditForm';
import { ProfileVisibilityCard } from '../components/ProfileVisibilityCard';
import '@/components/form/forms.css';
import '@/components/layout/account-pages.css';
import { paths } from '@/lib/paths';
import { takeLostFocus } from '@/lib/take-lost-focus';

function Profile({ user }: { user: TAuthUser }) {
  const [editing, setEditing] = useState(false);
  // The button and the form take each other's place: the focus follows, into the form's first field and back.
  const editButton = useRef<HTMLButtonElement>(null);
  const page = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) takeLostFocus(() => page.current?.querySelector<HTMLElement>('form input') ?? null);
    else if (wasEditing.current) takeLostFocus(() => editButton.current);
    wasEditing.current = editing;
  }, [editing]);
  const profile = useExhibitorProfile(user.id);
  const figures = useExhibitor(user.id);
  const stands = useMyStands(user.id);
  useSessionCheck(profile.error, stands.error);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) return <LoadErrorScreen message={profile.error.message} />;

  return (
    <div ref={page} className="form-page form-page--wide container profile-page">
      <title>Mein Profil – Flohmarkt</title>
      <div className="page-head">
        <h1 className="form-page__title">Mein Profil</h1>
        {editing ? null : (
          <div className="page-head__actions">
            <Link className="button button--outline" to={paths.exhibitor(user.id)}>
              Öffentliche Seite
            </Link>
            <button ref={editButton} type="button" className="button button--primary" onClick={() => setEditing(true)}>
              Profil bearbeiten
            </button>
          </div>
        )}
      </div>
      <div className="profile-layout">
        <div className="profile-stack">
          {editing ? (
            <ProfileEditForm user={user} profile={profile.data} onDone={() => setEditing(false)} />
          ) : (
            <ProfileDetails user={user} profile={profile.data} figures={figures.data} />
          )}
          <ProfileVisibilityCard userId={user.id} profile={profile.data} />
        </div>
        <section className="card" aria-labelledby="latest-stands-title">
          <div className="section-head">
            <h2 id="latest-stands-title" className="card__title">
              Neueste Stände
            </h2>
            <Link to={paths.myStands()}>Alle anzeigen</Link>
          </div>
          {stands.isPending ? (
            <PageSpinner />
          ) : stands.isError ? (
            <p className="notice notice--error">{stands.error.message}</p>
          ) : (
            <LatestStands stands={stands.data} />
          )}
        </section>
      </div>
    </div>
  );
}

/** /profile (signed in): view and edit mode (docs/product.md#screens-and-routes). */
export function ProfilePage() {
  return <RequireAuth>{(user) => <Profile user={user} />}</RequireAuth>;
}
