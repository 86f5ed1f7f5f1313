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

/**
 * Markers that overlap at the current zoom merge into one numbered marker; a click on it zooms
 * to its members. At the map's highest zoom every marker stands alone.
 */
export function ClusteredMarkers({ markers, clusterLabel, radiusPx = CLUSTER_RADIUS_PX }: ClusteredMarkersProps) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const groups = useMemo(() => {
    const atMaxZoom = zoom >= map.getMaxZoom();
    const pixels = markers.map((m) => map.project([m.point.lat, m.point.lng], zoom));
    return clusterPoints(pixels, atMaxZoom ? 0 : radiusPx).map((group) => group.map((index) => markers[index] as MapMarker));
  }, [markers, zoom, map, radiusPx]);

  return (
    <>
      {groups.map((group) => {
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
        const label = `${clusterLabel(group.length)} – zum Vergrößern klicken`;
        return (
          <Marker
            key={`cluster:${group.map((m) => m.id).join(',')}`}
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
