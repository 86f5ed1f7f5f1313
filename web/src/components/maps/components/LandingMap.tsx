import { MAP, type TEvent } from '@flohmarkt/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { withPoints, type TLatLng } from '../lib/points';
import { BaseMap } from './BaseMap';
import { ClusteredMarkers, type MapMarker } from './ClusteredMarkers';
import { MapStats } from './MapStats';

interface LandingMapProps {
  events: TEvent[];
  /** The place found by the search: the map centres on it at zoom 10. */
  found: TLatLng | null;
}

function eventCountLabel(count: number): string {
  return count === 1 ? '1 Flohmarkt' : `${count} Flohmärkte`;
}

/**
 * The landing page map: zoom 6 on Germany, or zoom 10 on the place found. Events with coordinates
 * are markers; a click opens its popup and selects it: the info card below the map shows it
 * ('Details anzeigen', close).
 */
export function LandingMap({ events, found }: LandingMapProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const located = useMemo(() => withPoints(events), [events]);
  const selected = located.find((entry) => entry.item.id === selectedId)?.item ?? null;

  const markers = useMemo<MapMarker[]>(
    () =>
      located.map(({ item, point }) => ({
        id: item.id,
        point,
        title: item.name,
        onSelect: () => setSelectedId(item.id),
        popup: (
          <div className="map-popup">
            <p className="map-popup__title">
              {item.name} <EventCancelledBadge event={item} />
            </p>
            <p className="map-popup__text">{formatDateTime(item.startDateTime)}</p>
            <Link className="map-popup__link" to={`/events/${item.id}`}>
              Details anzeigen
            </Link>
          </div>
        ),
      })),
    [located],
  );

  const center = found ?? { lat: MAP.landingCenter[0], lng: MAP.landingCenter[1] };
  const zoom = found ? MAP.landingZoomFound : MAP.landingZoom;

  return (
    <>
      <BaseMap
        center={center}
        zoom={zoom}
        height={MAP.defaultHeightPx}
        label="Karte der Flohmärkte"
        overlay={<MapStats title={`${located.length} Flohmärkte gefunden`} detail="Alle angezeigten Events" />}
      >
        <ClusteredMarkers markers={markers} clusterLabel={eventCountLabel} />
      </BaseMap>
      {/* Below the map, so it never covers the marker's popup. */}
      {selected ? (
        <section className="map-info-card" aria-label={`Ausgewählt: ${selected.name}`}>
          <button type="button" className="map-info-card__close" aria-label="Auswahl schließen" onClick={() => setSelectedId(null)}>
            <span aria-hidden="true">×</span>
          </button>
          <p className="map-info-card__title">
            {selected.name} <EventCancelledBadge event={selected} />
          </p>
          <p className="map-info-card__text">
            {formatDateTime(selected.startDateTime)} Uhr · {selected.location}
          </p>
          <Link className="button button--primary button--small" to={`/events/${selected.id}`}>
            Details anzeigen
          </Link>
        </section>
      ) : null}
    </>
  );
}
