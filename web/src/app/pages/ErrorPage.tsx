import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** Shown when rendering a route fails unexpectedly. */
export function ErrorPage() {
  return (
    <section className="status-page container" role="alert">
      <h1 className="status-page__title">Etwas ist schiefgelaufen</h1>
      <p className="status-page__text">Bitte lade die Seite neu oder versuche es später erneut.</p>
      <Link className="button button--primary" to={paths.home()}>
        Zur Startseite
      </Link>
    </section>
  );
}
