import { LIMITS, SCREENS, type TEvent } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { LOGIN_PATH } from '@/components/layout/nav-entries';
import { Spinner } from '@/components/ui/Spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEvents, type EventListParams } from '@/features/events/api/get-events';
import { LandingMap } from '@/components/maps/lazy-maps';
import { filterSummary } from '../lib/filter-summary';
import { EventPreviewList } from './EventPreviewList';

interface EventResultsProps {
  /** Server-side filters (upcoming, date, radius around the place found). */
  params: EventListParams;
  /** False while the place is still being looked up. */
  ready: boolean;
  active: boolean;
  found: { lat: number; lng: number } | null;
  /** The place text when a location filter applies (for the summary). */
  place: string | null;
  date: string;
  /** Beside each event of the list (issue 19: the heart and 'Läuft gerade'/'Beendet'). */
  eventExtra?: (event: TEvent) => ReactNode;
}

/** The landing map and the list of the next events matching the search. */
export function EventResults({ params, ready, active, found, place, date, eventExtra }: EventResultsProps) {
  // Two requests on purpose: the list's five events come in a small answer that paints at once; the
  // map's answer holds every match (up to the API's list limit) and may be large and later.
  const list = useEvents({ ...params, limit: LIMITS.landingListPreview }, { enabled: ready });
  const onMap = useEvents({ ...params, limit: LIMITS.eventListMaxLimit }, { enabled: ready });
  const { user } = useCurrentUser();
  const events: TEvent[] = list.data ?? [];
  const summary = active ? filterSummary(place, date) : [];

  return (
    <section className="results container" aria-labelledby="results-title">
      <div className="results__map">
        <LandingMap events={onMap.data ?? []} found={found} />
      </div>
      <div className="results__list">
        <h2 id="results-title" className="section-title">
          {active ? 'Gefilterte Flohmärkte' : 'Alle kommenden Flohmärkte'}
        </h2>
        {!ready || list.isPending ? <Spinner label="Flohmärkte werden geladen …" /> : null}
        {list.isError ? <p className="notice notice--error">{list.error.message}</p> : null}
        {list.isSuccess && events.length === 0 ? (
          <div className="empty-state empty-state--box">
            <p className="empty-state__title">{SCREENS.noEventsFound}</p>
            {summary.map((line) => (
              <p key={line} className="empty-state__text">
                {line}
              </p>
            ))}
            <a className="button button--primary" href={user ? '/create-event' : LOGIN_PATH}>
              Ersten Flohmarkt erstellen
            </a>
          </div>
        ) : null}
        {events.length > 0 ? <EventPreviewList events={events} eventExtra={eventExtra} /> : null}
        {found ? <FeedLinks found={found} radiusKm={params.radiusKm ?? LIMITS.landingSearchRadiusKm} /> : null}
      </div>
    </section>
  );
}

/**
 * The same search as a feed: calendar apps subscribe to the iCal address (webcal:// opens the
 * subscription dialog) and fetch new markets around the place by themselves; GeoJSON for other maps.
 */
function FeedLinks({ found, radiusKm }: { found: { lat: number; lng: number }; radiusKm: number }) {
  const query = new URLSearchParams({ lat: String(found.lat), lng: String(found.lng), radiusKm: String(radiusKm) }).toString();
  const subscribe = `webcal://${window.location.host}/api/feeds/events.ics?${query}`;
  return (
    <p className="results__feeds">
      <a href={subscribe}>Als Kalender abonnieren</a> <span className="muted">(kommende Flohmärkte im Umkreis von {radiusKm} km)</span>
      {' · '}
      <a href={`/api/feeds/events.geojson?${query}`} download="flohmaerkte.geojson">
        GeoJSON
      </a>
    </p>
  );
}
