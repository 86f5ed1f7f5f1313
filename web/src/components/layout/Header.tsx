import { SITE_BRAND } from '@flohmarkt/contracts';
import { Suspense, lazy } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { loginUrl } from '@/lib/event-links';
import { Logo } from './Logo';
import { LOGIN_PATH, mainNavEntries } from './nav-entries';
import { PAGE_PATTERNS, matchPage, paths } from '@/lib/paths';

/** Pages about signing in itself: signing in from there returns to the start page, not to them. */
const SIGN_IN_PAGES = [PAGE_PATTERNS.signInRefused] as const;

/**
 * The header's sign-in comes back to the page it was pressed on (path, query and hash: a team invite, a
 * stand's item), read from the router so it follows every route change; from the start page and the
 * sign-in pages it is the plain sign-in, which returns home.
 */
function useHeaderLoginHref(): string {
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  if (here === paths.home() || SIGN_IN_PAGES.some((pattern) => matchPage(pattern, pathname) !== null)) return LOGIN_PATH;
  return loginUrl(here);
}

const SignedInMenus = lazy(() => import('./SignedInMenus').then((m) => ({ default: m.SignedInMenus })));

export function Header() {
  const { user, isLoading, unknown } = useCurrentUser();
  const loginHref = useHeaderLoginHref();

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
          {/* Unknown without a connection: "Anmelden" would be wrong to a signed-in helper, and could not load. */}
          {!isLoading && !unknown && !user ? (
            <a className="button button--light" href={loginHref}>
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
