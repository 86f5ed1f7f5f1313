import type { TEventCluster } from '@flohmarkt/contracts';
import { Marker, useMap } from 'react-leaflet';
import { L } from '../lib/leaflet-setup';
import { clusterIcon } from '../lib/markers';
import { EVENTS_MIN_ZOOM } from '../lib/view';

interface ViewportClustersProps {
  clusters: TEventCluster[];
  /** What a cluster stands for, e.g. '3 Flohmärkte'. */
  clusterLabel: (count: number) => string;
}

/** Zooming to a cluster never goes closer than a street map. */
const CLUSTER_ZOOM_CAP = 16;
const CLUSTER_PADDING_PX: [number, number] = [48, 48];
/** Leaflet stacks markers by latitude in pixels; counts beyond this all rank the same. */
const MAX_Z_OFFSET = 100_000;

/**
 * The server's clusters: a numbered bubble at the mean position of the events the server counted
 * in its cell; a click zooms to the box around them (at least one level closer, so each click
 * gets nearer to the markers).
 */
export function ViewportClusters({ clusters, clusterLabel }: ViewportClustersProps) {
  const map = useMap();
  const zoomTo = ({ count, bbox: [minLng, minLat, maxLng, maxLat] }: TEventCluster) => {
    const bounds = L.latLngBounds([minLat, minLng], [maxLat, maxLng]);
    const closer = map.getZoom() + 1;
    // One market's box is a point: the zoom where the server answers markers (10, a found place's zoom)
    // shows it with its surroundings; from there on each click is one level closer.
    const zoom =
      count === 1
        ? Math.max(closer, EVENTS_MIN_ZOOM)
        : Math.max(closer, Math.min(map.getBoundsZoom(bounds, false, L.point(CLUSTER_PADDING_PX)), CLUSTER_ZOOM_CAP, map.getMaxZoom()));
    map.flyTo(bounds.getCenter(), zoom, { duration: 0.5 });
  };
  return (
    <>
      {clusters.map((cluster) => (
        <Marker
          key={`${cluster.lat},${cluster.lng},${cluster.count}`}
          position={[cluster.lat, cluster.lng]}
          icon={clusterIcon(cluster.count)}
          // Where bubbles of neighbouring cells overlap, the bigger count stays readable on top.
          zIndexOffset={Math.min(cluster.count, MAX_Z_OFFSET)}
          title={`${clusterLabel(cluster.count)} – zum Vergrößern klicken`}
          alt={clusterLabel(cluster.count)}
          eventHandlers={{ click: () => zoomTo(cluster) }}
        />
      ))}
    </>
  );
}
