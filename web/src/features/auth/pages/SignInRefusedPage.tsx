import { safeReturnTo } from '@flohmarkt/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { loginUrl } from '@/lib/event-links';
import { paths } from '@/lib/paths';

/**
 * /anmelden-nicht-moeglich (issue 30, X2): where the gateway sends a browser whose sign-in was refused
 * (too many attempts from its address, the sign-in service unreachable, or the sign-in failed), in
 * place of a JSON error as the whole page. The reason comes as a fixed key, never as text; the way
 * back is a path of our own site, checked by the gateway and again here.
 */
export function SignInRefusedPage() {
  const [query] = useSearchParams();
  const back = ownPath(query.get('zurueck'));

  return (
    <section className="status-page container" aria-labelledby="status-title">
      <meta name="robots" content="noindex" />
      <title>Anmeldung gerade nicht möglich – Flohmarkt</title>
      <h1 id="status-title" className="status-page__title">
        Anmeldung gerade nicht möglich
      </h1>
      <p className="status-page__text" role="alert">
        {reasonText(query.get('grund'), query.get('minuten'))}
      </p>
      <div className="form-actions">
        <Link className="button button--primary" to={back ?? paths.home()}>
          {back ? 'Zurück zur vorherigen Seite' : 'Zurück zur Startseite'}
        </Link>
        <a className="button button--outline" href={loginUrl(back ?? paths.home())}>
          Erneut anmelden
        </a>
      </div>
    </section>
  );
}

function reasonText(reason: string | null, minutes: string | null): string {
  if (reason === 'zu-viele-versuche') return `Von deiner Verbindung kamen zu viele Anmeldeversuche. Bitte versuche es ${inMinutes(minutes)} noch einmal.`;
  if (reason === 'nicht-erreichbar') return 'Die Anmeldung ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.';
  return 'Die Anmeldung hat nicht geklappt. Bitte versuche es noch einmal.';
}

/** "in 1 Minute", "in 5 Minuten"; without a usable number "in ein paar Minuten". */
function inMinutes(raw: string | null): string {
  const minutes = raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (minutes < 1) return 'in ein paar Minuten';
  return minutes === 1 ? 'in 1 Minute' : `in ${minutes} Minuten`;
}

/**
 * A path of this site by the gateway's own rule for where sign-in returns (contracts safeReturnTo:
 * never `//host`, `/\host`, nor `/<TAB>/host`, which a browser reads as another site), else null.
 */
function ownPath(raw: string | null): string | null {
  const path = raw === null ? paths.home() : safeReturnTo(raw, window.location.origin);
  return path === paths.home() ? null : path;
}
