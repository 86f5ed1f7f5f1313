import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** Any unknown path (docs/product.md#screens-and-routes: a 404 page in English). */
export function NotFoundPage() {
  return (
    <section className="status-page container" aria-labelledby="not-found-title" lang="en">
      <title>404 Page Not Found – Flohmarkt</title>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        404 Page Not Found
      </h1>
      <p className="status-page__text">The page you are looking for does not exist or has been moved.</p>
      <Link className="button button--primary" to={paths.home()}>
        Go back home
      </Link>
    </section>
  );
}
