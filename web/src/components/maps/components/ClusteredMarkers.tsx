import { useMemo, useState, type ReactNode } from 'react';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { centreOf, clusterPoints } from '../lib/cluster';
import { L } from '../lib/leaflet-setup';
import { clusterIcon } from '../lib/markers';
import type { TLatLng } from '../lib/points';
import { POPUP_PLACEMENT } from '../lib/popup';

export interface MapMarker {
  id: string;
  point: TLatLng;
  /** The marker's accessible name (its title). */
  title: string;
  icon?: L.Icon | L.DivIcon;
  popup?: ReactNode;
  onSelect?: () => void;
}

interface ClusteredMarkersProps {
  markers: MapMarker[];
  /** What a cluster stands for, e.g. '3 Flohmärkte' (its title: 'zum Vergrößern klicken'). */
  clusterLabel: (count: number) => string;
  radiusPx?: number;
}

const CLUSTER_RADIUS_PX = 44;

/** At the highest zoom, markers this close cover each other: only the top one could be tapped. */
const SAME_SPOT_PX = 12;

/** Whether zooming in can part the group: not when its members share one point (markets placed at a town's middle). */
const samePoint = (group: MapMarker[]) => group.every((m) => m.point.lat === group[0]!.point.lat && m.point.lng === group[0]!.point.lng);

/**
 * Markers that overlap at the current zoom merge into one numbered marker; a click on it zooms
 * to its members. Members no zoom can part (one point, or the highest zoom reached) are listed in
 * the numbered marker's popup instead, each with its own popup's content, so every one can be reached.
 */
export function ClusteredMarkers({ markers, clusterLabel, radiusPx = CLUSTER_RADIUS_PX }: ClusteredMarkersProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const groups = useMemo(() => {
    const atMaxZoom = zoom >= map.getMaxZoom();
    const pixels = markers.map((m) => map.project([m.point.lat, m.point.lng], zoom));
    return clusterPoints(pixels, atMaxZoom ? SAME_SPOT_PX : radiusPx).map((indexes) => {
      const group = indexes.map((index) => markers[index] as MapMarker);
      return { group, listed: group.length > 1 && (atMaxZoom || samePoint(group)) };
    });
  }, [markers, zoom, map, radiusPx]);

  return (
    <>
      {groups.map(({ group, listed }) => {
        const [first] = group as [MapMarker];
        if (group.length === 1) {
          return (
            <Marker
              key={first.id}
              position={[first.point.lat, first.point.lng]}
              title={first.title}
              alt={first.title}
              {...(first.icon ? { icon: first.icon } : {})}
              eventHandlers={first.onSelect ? { click: first.onSelect } : undefined}
            >
              {first.popup ? <Popup {...POPUP_PLACEMENT}>{first.popup}</Popup> : null}
            </Marker>
          );
        }
        const centre = centreOf(group.map((m) => m.point));
        const key = `cluster:${group.map((m) => m.id).join(',')}`;
        if (listed) {
          const here = `${clusterLabel(group.length)} an dieser Stelle`;
          return (
            <Marker key={key} position={[centre.lat, centre.lng]} icon={clusterIcon(group.length)} title={`${here} – zum Anzeigen klicken`}>
              <Popup {...POPUP_PLACEMENT}>
                <p className="map-popup-list__count" aria-hidden="true">
                  {here}
                </p>
                <ul className="map-popup-list" aria-label={here}>
                  {group.map((m) => (
                    <li key={m.id}>{m.popup ?? <p className="map-popup__title">{m.title}</p>}</li>
                  ))}
                </ul>
              </Popup>
            </Marker>
          );
        }
        const label = `${clusterLabel(group.length)} – zum Vergrößern klicken`;
        return (
          <Marker
            key={key}
            position={[centre.lat, centre.lng]}
            icon={clusterIcon(group.length)}
            title={label}
            eventHandlers={{
              click: () => {
                const bounds = L.latLngBounds(group.map((m) => [m.point.lat, m.point.lng] as [number, number]));
                map.flyToBounds(bounds, { padding: [48, 48], maxZoom: map.getMaxZoom(), duration: 0.5 });
              },
            }}
          />
        );
      })}
    </>
  );
}
