import { GET_EVENT_FEED_CALENDAR, GET_EVENT_FEED_GEOJSON, LIMITS, MAP, SCREENS, type TEvent } from '@flohmarkt/contracts';
import { useRef, useState, type ReactNode } from 'react';
import { LOGIN_PATH } from '@/components/layout/nav-entries';
import { paths } from '@/lib/paths';
import { useDebouncedValue } from '@/components/location/use-debounced-value';
import { Spinner } from '@/components/ui/Spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import type { EventListParams } from '@/features/events/api/get-events';
import { LandingMap, MapPlaceholder } from '@/components/maps/lazy-maps';
import { useEventListPages } from '../api/get-event-list-pages';
import { useEventViewport, type MapView } from '../api/get-event-viewport';
import { filterSummary } from '../lib/filter-summary';
import { RESULTS_SECTION_ID } from '../lib/use-reveal-results';
import { EventListPager } from './EventListPager';
import { EventPreviewList } from './EventPreviewList';
import { callUrl } from '@/lib/api-call';

/**
 * A pan or zoom gesture can end several times in quick succession (a double click, two quick
 * zoom clicks): the map asks once the view has rested this long.
 */
const VIEW_SETTLE_MS = 250;

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

/**
 * The landing map and the list of the events matching the search. The map asks the server for what
 * it shows (counted, clustered when zoomed out); the list pages through the matches 5 at a time,
 * nearest first when a place is set, else by start time.
 */
export function EventResults({ params, ready, active, found, place, date, eventExtra }: EventResultsProps) {
  const list = useEventListPages({ ...params, ...(found ? { sort: 'distance' as const } : {}) }, { enabled: ready });
  const [view, setView] = useState<MapView | null>(null);
  const settledView = useDebouncedValue(view, VIEW_SETTLE_MS);
  const viewport = useEventViewport(settledView, { upcoming: params.upcoming ?? false, ...(params.date ? { date: params.date } : {}) });
  // The map appears once the place of the address (?ort=…) is looked up, so it starts where it
  // should and never asks for Germany on its way there; later searches move the map it has.
  const [mapShown, setMapShown] = useState(ready);
  if (ready && !mapShown) setMapShown(true);
  const { user } = useCurrentUser();
  const pages = list.data?.pages ?? [];
  const events: TEvent[] = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  const summary = active ? filterSummary(place, date) : [];
  const listRef = useRef<HTMLDivElement>(null);

  // The first of the newly loaded markets takes the focus: a keyboard or screen reader user reads
  // on where the list grew, also after the last page, when the button itself is gone.
  const showMore = async () => {
    const shownBefore = events.length;
    const result = await list.fetchNextPage();
    if (result.isError) return;
    requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>('.event-list__item')[shownBefore]?.focus());
  };

  return (
    <section id={RESULTS_SECTION_ID} className="results container" aria-labelledby="results-title">
      <div className="results__map">
        {mapShown ? (
          <LandingMap
            viewport={viewport.data}
            counting={view !== settledView || viewport.isPlaceholderData || viewport.isPending}
            failed={viewport.isError}
            found={found}
            onViewChange={setView}
          />
        ) : (
          <MapPlaceholder height={MAP.defaultHeightPx} />
        )}
      </div>
      <div className="results__list">
        <h2 id="results-title" className="section-title">
          {active ? 'Gefilterte Flohmärkte' : 'Alle kommenden Flohmärkte'}
        </h2>
        {!ready || list.isPending ? <Spinner label="Flohmärkte werden geladen …" /> : null}
        {list.isError && !list.isFetchNextPageError ? <p className="notice notice--error">{list.error.message}</p> : null}
        {list.isSuccess && events.length === 0 ? (
          <div className="empty-state empty-state--box">
            <p className="empty-state__title">{SCREENS.noEventsFound}</p>
            {summary.map((line) => (
              <p key={line} className="empty-state__text">
                {line}
              </p>
            ))}
            <a className="button button--primary" href={user ? paths.createEvent() : LOGIN_PATH}>
              Ersten Flohmarkt erstellen
            </a>
          </div>
        ) : null}
        {events.length > 0 ? (
          <div ref={listRef}>
            <EventPreviewList events={events} eventExtra={eventExtra} />
            <EventListPager
              shown={events.length}
              total={Math.max(total, events.length)}
              hasMore={list.hasNextPage}
              loadingMore={list.isFetchingNextPage}
              error={list.isFetchNextPageError ? list.error?.message : undefined}
              onMore={() => void showMore()}
            />
          </div>
        ) : null}
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
  const query = { lat: String(found.lat), lng: String(found.lng), radiusKm: String(radiusKm) };
  const subscribe = `webcal://${window.location.host}${callUrl(GET_EVENT_FEED_CALENDAR, { query })}`;
  return (
    <p className="results__feeds">
      <a href={subscribe}>Als Kalender abonnieren</a> <span className="muted">(kommende Flohmärkte im Umkreis von {radiusKm} km)</span>
      {' · '}
      <a href={callUrl(GET_EVENT_FEED_GEOJSON, { query })} download="flohmaerkte.geojson">
        GeoJSON
      </a>
    </p>
  );
}
