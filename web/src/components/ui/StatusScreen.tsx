import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

interface StatusScreenProps {
  title: string;
  text?: ReactNode;
  /** A link back to the start page (the not-found screens of docs/product.md#in-the-browser). */
  homeLink?: boolean;
}

/** A whole-page message: 'Event nicht gefunden', 'Stand nicht gefunden', a load error, … */
export function StatusScreen({ title, text, homeLink = true }: StatusScreenProps) {
  return (
    <section className="status-page container" aria-labelledby="status-title">
      <h1 id="status-title" className="status-page__title">
        {title}
      </h1>
      {text ? <p className="status-page__text">{text}</p> : null}
      {homeLink ? (
        <Link className="button button--primary" to={paths.home()}>
          Zurück zur Startseite
        </Link>
      ) : null}
    </section>
  );
}

/** Own text for a failed load that is not a 404 (the API's German message comes with it). */
export function LoadErrorScreen({ message }: { message: string }) {
  return <StatusScreen title="Die Daten konnten nicht geladen werden" text={message} />;
}

/** A failed load of the page's subject: its not-found screen for a 404, the load error otherwise. */
export function FailedLoadScreen({ error, notFound }: { error: Error; notFound: string }) {
  if (isApiError(error) && error.status === 404) return <StatusScreen title={notFound} />;
  return <LoadErrorScreen message={error.message} />;
}
