import { SCREENS } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner, Spinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { useEvent } from '@/features/events/api/get-event';
import { useFavouriteIds } from '@/features/favourites/api/favourites';
import { LIVE_STATE_LABELS, isUnavailable, liveStateOf } from '@/features/live-status/api/live-state';
import { useEventStands } from '@/features/stands/api/get-event-stands';
import { standTitle } from '@/lib/stand-title';
import { LazyRouteMap } from '../components/LazyRouteMap';
import { RoutePlanner } from '../components/RoutePlanner';
import { RouteView } from '../components/RouteView';
import type { ShownRoute } from '../lib/route-plan';
import '../route.css';
import { paths } from '@/lib/paths';

/** /events/{id}/merkliste: the stands marked at this event, on the map, and 'Meine Runde' across them. */
export function MerklistePage() {
  const { id = '' } = useParams();
  const eventQuery = useEvent(id);
  const standsQuery = useEventStands(id);
  const favouriteIds = useFavouriteIds('stands');
  const [route, setRoute] = useState<ShownRoute | null>(null);

  if (eventQuery.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  const event = eventQuery.data;
  // Only stands the event still lists: a favourite whose stand was deleted simply is not shown.
  const marked = (standsQuery.data ?? []).filter((stand) => favouriteIds.includes(stand.id) && !stand.isDraft);

  return (
    <article className="route-page container">
      <title>{`Merkliste – ${event.name} – Flohmarkt`}</title>
      <p className="route-page__crumb">
        <Link to={paths.event(event.id)}>{event.name}</Link>
      </p>
      <h1 className="route-page__title">Merkliste</h1>
      {standsQuery.isPending ? <Spinner label="Stände werden geladen …" /> : null}
      {standsQuery.isError ? <p className="notice notice--error">{standsQuery.error.message}</p> : null}
      {standsQuery.isSuccess && marked.length === 0 ? (
        <p className="empty-state">Du hast dir für diesen Flohmarkt noch keine Stände gemerkt. Tippe bei einem Stand auf „Merken“.</p>
      ) : null}
      {marked.length > 0 ? (
        <>
          <p className="route-page__count">{marked.length === 1 ? '1 gemerkter Stand' : `${marked.length} gemerkte Stände`}</p>
          {route ? null : (
            <div className="route-view__map">
              <LazyRouteMap stands={marked} label={`Karte: Merkliste – ${event.name}`} />
            </div>
          )}
          <ul className="merkliste" aria-label="Gemerkte Stände">
            {marked.map((stand) => {
              const state = liveStateOf(stand);
              return (
                <li key={stand.id} className={`merkliste__item${isUnavailable(state) ? ' merkliste__item--muted' : ''}`}>
                  <Link to={paths.stand(stand.id)}>{standTitle(stand)}</Link>
                  {stand.categories.length > 0 ? <span className="muted"> – {stand.categories.join(', ')}</span> : null}
                  {state ? <span className="merkliste__state"> · {LIVE_STATE_LABELS[state]}</span> : null}
                </li>
              );
            })}
          </ul>
          <RoutePlanner stands={marked} onPlanned={setRoute} />
          {route ? <RouteView event={event} stands={marked} route={route} /> : null}
        </>
      ) : null}
    </article>
  );
}
