import { ROLE_LABELS, type TAuthUser, formatDate } from '@flohmarkt/contracts';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/layout/UserAvatar';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { signOutOnClick } from '@/features/auth/api/sign-out';
import { getDisplayName } from '@/lib/initials';
import { useUser } from '@/features/users/api/get-user';
import { MyDataSection } from '../components/MyDataSection';
import '@/components/form/forms.css';
import '@/components/layout/account-pages.css';
import { paths } from '@/lib/paths';
import { LOGOUT_PATH } from '@/components/layout/nav-entries';

/** Sections other features add to the page (the app puts them together: app/settings-sections.tsx). */
export type SettingsSections = ComponentType<{ user: TAuthUser }>;

function Settings({ user, sections: Sections }: { user: TAuthUser; sections?: SettingsSections }) {
  const details = useUser(user.id);
  return (
    <div className="form-page container settings-page">
      <title>Einstellungen – Flohmarkt</title>
      <h1 className="form-page__title">Einstellungen</h1>
      <p className="form-page__lead">
        Deine Kontodaten. Name und Profil – auch, ob dein Profil öffentlich ist – änderst du unter „Mein Profil“, E-Mail-Adresse und Passwort beim
        Anmeldedienst.
      </p>
      <section className="card" aria-labelledby="account-title">
        <div className="profile-details__head">
          <UserAvatar user={user} size="lg" />
          <h2 id="account-title" className="card__title">
            Konto
          </h2>
        </div>
        <dl className="settings-list">
          <div>
            <dt>Name</dt>
            <dd>{getDisplayName(user) || '–'}</dd>
          </div>
          <div>
            <dt>E-Mail-Adresse</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Rolle</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
          </div>
          <div>
            <dt>Mitglied seit</dt>
            <dd>{details.data ? formatDate(details.data.createdAt) : '…'}</dd>
          </div>
        </dl>
        <div className="form-actions settings-actions">
          <Link className="button button--outline" to={paths.profile()}>
            Profil bearbeiten
          </Link>
          <a className="button button--ghost-danger" href={LOGOUT_PATH} onClick={signOutOnClick}>
            Abmelden
          </a>
        </div>
      </section>
      {Sections ? <Sections user={user} /> : null}
      <MyDataSection user={user} />
    </div>
  );
}

/**
 * /settings (signed in): read-only account info (docs/product.md#screens-and-routes), the sections of
 * other features (the Flohmarkt-Alarme and follows, issue 34), the data export and the account's deletion.
 */
export function SettingsPage({ sections }: { sections?: SettingsSections }) {
  return <RequireAuth>{(user) => <Settings user={user} sections={sections} />}</RequireAuth>;
}
