import { useEffect, type ReactNode } from 'react';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { MAX_ZOOM, TILE_ATTRIBUTION, TILE_URL } from '../lib/leaflet-setup';
import type { TLatLng } from '../lib/points';

interface BaseMapProps {
  center: TLatLng;
  zoom: number;
  /** CSS height; the fullscreen dialog passes '100%'. */
  height: number | string;
  /** Name of the map region for screen readers. */
  label: string;
  children?: ReactNode;
  /** Fit the view to these points instead of center/zoom (when there are two or more). */
  fitTo?: TLatLng[];
  /** Overlays inside the map's box (stats, info card), outside Leaflet's panes. */
  overlay?: ReactNode;
}

/** Follows center/zoom (or the points to fit) when they change after the first render. */
function ViewSync({ center, zoom, fitTo }: Pick<BaseMapProps, 'center' | 'zoom' | 'fitTo'>) {
  const map = useMap();
  const fitKey = fitTo && fitTo.length > 1 ? fitTo.map((p) => `${p.lat},${p.lng}`).join(';') : '';
  useEffect(() => {
    if (fitKey && fitTo)
      map.fitBounds(
        fitTo.map((p) => [p.lat, p.lng] as [number, number]),
        { padding: [32, 32], maxZoom: 16 },
      );
    else map.setView([center.lat, center.lng], zoom);
    // fitKey stands for fitTo's content, so a new array with the same points changes nothing.
  }, [map, center.lat, center.lng, zoom, fitKey]);
  return null;
}

/** Leaflet with the platform's tiles, German zoom labels and the OpenStreetMap attribution. */
export function BaseMap({ center, zoom, height, label, children, fitTo, overlay }: BaseMapProps) {
  return (
    <div className="map-frame" style={{ height }} role="region" aria-label={label}>
      <MapContainer center={[center.lat, center.lng]} zoom={zoom} maxZoom={MAX_ZOOM} zoomControl={false} scrollWheelZoom={false} className="map-frame__map">
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} maxZoom={MAX_ZOOM} />
        <ZoomControl position="topright" zoomInTitle="Hineinzoomen" zoomOutTitle="Herauszoomen" />
        <ViewSync center={center} zoom={zoom} fitTo={fitTo} />
        {children}
      </MapContainer>
      {overlay}
    </div>
  );
}
