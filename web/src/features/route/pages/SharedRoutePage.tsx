import { SCREENS } from '@flohmarkt/contracts';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner, Spinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { useEvent } from '@/features/events/api/get-event';
import { useEventStands } from '@/features/stands/api/get-event-stands';
import { RouteView } from '../components/RouteView';
import { parseSharedRoute } from '../lib/share-route';
import '../route.css';
import { paths } from '@/lib/paths';

/** /events/{id}/runde?reihe=…: a shared round in exactly the order of the link (never planned again). */
export function SharedRoutePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const eventQuery = useEvent(id);
  const standsQuery = useEventStands(id);
  const route = parseSharedRoute(search);

  if (eventQuery.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  const event = eventQuery.data;
  return (
    <article className="route-page container">
      <title>{`Runde – ${event.name} – Flohmarkt`}</title>
      <p className="route-page__crumb">
        <Link to={paths.event(event.id)}>{event.name}</Link>
      </p>
      <h1 className="route-page__title">Geteilte Runde</h1>
      {standsQuery.isPending ? <Spinner label="Stände werden geladen …" /> : null}
      {standsQuery.isError ? <p className="notice notice--error">{standsQuery.error.message}</p> : null}
      {!route ? <p className="notice">Dieser Link enthält keine Runde.</p> : null}
      {route && standsQuery.isSuccess ? <RouteView event={event} stands={standsQuery.data} route={route} /> : null}
    </article>
  );
}
