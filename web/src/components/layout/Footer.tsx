import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { getFeedbackUrl } from '@/lib/config';
import { formatYear, SITE_BRAND } from '@flohmarkt/contracts';
import { Logo } from './Logo';
import { LOGIN_PATH } from './nav-entries';
import { paths } from '@/lib/paths';

export const FOOTER_TAGLINE =
  'Die Plattform für lokale Flohmärkte: Entdecke Flohmärkte in deiner Nähe, organisiere deinen eigenen Markt und verkaufe direkt in deiner Nachbarschaft.';

export function Footer() {
  // Signed in, there is nothing to register and a market is created right away (signed out both go through the sign-in).
  const { isAuthenticated } = useCurrentUser();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo size={48} />
          <div>
            <p className="site-footer__title">{SITE_BRAND.title}</p>
            <p className="site-footer__tagline">{FOOTER_TAGLINE}</p>
          </div>
        </div>

        <nav className="site-footer__nav" aria-label="Plattform">
          <h2 className="site-footer__heading">Plattform</h2>
          <ul>
            <li>
              <Link to={paths.home()}>Flohmärkte finden</Link>
            </li>
            {isAuthenticated ? (
              <li>
                <Link to={paths.createEvent()}>Event erstellen</Link>
              </li>
            ) : (
              <>
                <li>
                  <a href={LOGIN_PATH}>Registrieren</a>
                </li>
                <li>
                  <a href={LOGIN_PATH}>Event erstellen</a>
                </li>
              </>
            )}
          </ul>
        </nav>

        <nav className="site-footer__nav" aria-label="Rechtliches und Hilfe">
          <h2 className="site-footer__heading">Rechtliches &amp; Hilfe</h2>
          <ul>
            <li>
              <Link to={paths.impressum()}>Impressum</Link>
            </li>
            <li>
              <Link to={paths.privacy()}>Datenschutz</Link>
            </li>
            <li>
              <Link to={paths.standTips()}>Tipps für Stände</Link>
            </li>
            <li>
              <a href={getFeedbackUrl()} target="_blank" rel="noopener noreferrer">
                Feedback
                <span className="visually-hidden"> (öffnet in neuem Tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <p className="container">
          © {formatYear(new Date())} {SITE_BRAND.title}. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
}
