import { SITE_BRAND } from '@flohmarkt/contracts';
import { Suspense, lazy } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { Logo } from './Logo';
import { LOGIN_PATH, mainNavEntries } from './nav-entries';
import { paths } from '@/lib/paths';

const SignedInMenus = lazy(() => import('./SignedInMenus').then((m) => ({ default: m.SignedInMenus })));

export function Header() {
  const { user, isLoading } = useCurrentUser();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        {/* The accessible name is the visible text plus where the link goes (WCAG 2.5.3, axe's
            label-content-name-mismatch): speech-input users say what they see. */}
        <Link to={paths.home()} className="brand">
          <Logo size={40} className="brand__logo" />
          <span className="brand__text">
            <span className="brand__title">{SITE_BRAND.title}</span>
            <span className="brand__subtitle">{SITE_BRAND.subtitle}</span>
          </span>
          <span className="visually-hidden"> – zur Startseite</span>
        </Link>

        {user ? (
          <nav className="main-nav" aria-label="Hauptnavigation">
            {mainNavEntries(user).map((entry) => (
              <NavLink key={entry.to} to={entry.to} end={entry.to === paths.home()} className="main-nav__link">
                {entry.label}
              </NavLink>
            ))}
          </nav>
        ) : null}

        <div className="site-header__actions">
          {isLoading ? <span className="header-placeholder" aria-hidden="true" /> : null}
          {!isLoading && !user ? (
            <a className="button button--light" href={LOGIN_PATH}>
              Anmelden
            </a>
          ) : null}
          {user ? (
            <Suspense fallback={<span className="header-placeholder" aria-hidden="true" />}>
              <SignedInMenus user={user} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
