import type { Map as LeafletMap } from 'leaflet';
import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { viewOf, type MapViewReport } from '../lib/view';

/**
 * Tells the page what the map shows: once when it is ready, then after every pan or zoom has
 * ended (Leaflet's moveend: one per gesture or animation, not one per frame).
 */
export function ViewReporter({ onViewChange }: { onViewChange: (view: MapViewReport) => void }) {
  const map = useMap();
  const report = (target: LeafletMap) => onViewChange(viewOf(target.getBounds(), target.getZoom()));
  useMapEvents({ moveend: (event) => report(event.target as LeafletMap) });
  useEffect(() => {
    map.whenReady(() => report(map));
    // Once per map: later views come with moveend.
  }, [map]);
  return null;
}
