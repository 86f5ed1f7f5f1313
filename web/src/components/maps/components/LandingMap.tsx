import { MAP, type TEventMarker, type TEventViewport, formatDateTime } from '@flohmarkt/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { withPoints, type TLatLng } from '../lib/points';
import type { MapViewReport } from '../lib/view';
import { eventCountLabel, viewportStats } from '../lib/viewport-stats';
import { BaseMap } from './BaseMap';
import { ClusteredMarkers, type MapMarker } from './ClusteredMarkers';
import { MapStats } from './MapStats';
import { ViewportClusters } from './ViewportClusters';
import { ViewReporter } from './ViewReporter';
import { paths } from '@/lib/paths';

interface LandingMapProps {
  /** The server's answer for the view the map reported last (undefined until the first one). */
  viewport: TEventViewport | undefined;
  /** True while `viewport` is an older view's answer or missing: the counts of this view are not known yet. */
  counting: boolean;
  /** True when the last viewport request failed. */
  failed?: boolean;
  /** The place found by the search: the map centres on it at zoom 10. */
  found: TLatLng | null;
  /** Every view the map settles on (once ready, then after each pan or zoom). */
  onViewChange: (view: MapViewReport) => void;
}

const NO_EVENTS: TEventMarker[] = [];

/**
 * The landing page map: zoom 6 on Germany, or zoom 10 on the place found. It shows what the server
 * answered for its view: numbered clusters when zoomed out (a click zooms to one), else the events
 * as markers (from zoom 10, so a found place shows its markets); a click on one opens its popup and
 * selects it: the info card below the map shows it ('Details anzeigen', close). Both show only what
 * the viewport's marker items carry (TEventMarker): name, cancellation, start, place, link.
 */
export function LandingMap({ viewport, counting, failed = false, found, onViewChange }: LandingMapProps) {
  const [selected, setSelected] = useState<TEventMarker | null>(null);
  const events = viewport && !viewport.clustered ? viewport.events : NO_EVENTS;
  const located = useMemo(() => withPoints(events), [events]);

  const markers = useMemo<MapMarker[]>(
    () =>
      located.map(({ item, point }) => ({
        id: item.id,
        point,
        title: item.name,
        onSelect: () => setSelected(item),
        popup: (
          <div className="map-popup">
            <p className="map-popup__title">
              {item.name} <EventCancelledBadge event={item} />
            </p>
            <p className="map-popup__text">{formatDateTime(item.startDateTime)}</p>
            <Link className="map-popup__link" to={paths.event(item.id)}>
              Details anzeigen
            </Link>
          </div>
        ),
      })),
    [located],
  );

  const center = found ?? { lat: MAP.landingCenter[0], lng: MAP.landingCenter[1] };
  const zoom = found ? MAP.landingZoomFound : MAP.landingZoom;
  const stats = viewportStats(viewport, counting, failed);

  return (
    <>
      <BaseMap
        center={center}
        zoom={zoom}
        height={MAP.defaultHeightPx}
        label="Karte der Flohmärkte"
        overlay={<MapStats title={stats.title} detail={stats.detail} busy={counting} />}
      >
        <ViewReporter onViewChange={onViewChange} />
        {viewport?.clustered ? <ViewportClusters clusters={viewport.clusters} clusterLabel={eventCountLabel} /> : null}
        <ClusteredMarkers markers={markers} clusterLabel={eventCountLabel} />
      </BaseMap>
      {/* Below the map, so it never covers the marker's popup. */}
      {selected ? (
        <section className="map-info-card" aria-label={`Ausgewählt: ${selected.name}`}>
          <button type="button" className="map-info-card__close" aria-label="Auswahl schließen" onClick={() => setSelected(null)}>
            <span aria-hidden="true">×</span>
          </button>
          <p className="map-info-card__title">
            {selected.name} <EventCancelledBadge event={selected} />
          </p>
          <p className="map-info-card__text">
            {formatDateTime(selected.startDateTime)} Uhr · {selected.location}
          </p>
          <Link className="button button--primary button--small" to={paths.event(selected.id)}>
            Details anzeigen
          </Link>
        </section>
      ) : null}
    </>
  );
}
