import { pinIcon } from '@/components/maps/lib/markers';
import { L, MAX_ZOOM, TILE_ATTRIBUTION, TILE_URL } from '@/components/maps/lib/leaflet-setup';
import type { EmbedView } from './render-embed';

/*
 * The framed page's map, loaded by import() after the list is on screen: Leaflet and its styles are the
 * only large part, and a visitor who only reads the list never waits for them. Leaflet directly (not
 * react-leaflet): the embed has no React.
 */

const FALLBACK_CENTRE: [number, number] = [51.1657, 10.4515];

export function showEmbedMap(view: EmbedView): void {
  view.mapSlot.replaceChildren();
  const map = L.map(view.mapSlot, { maxZoom: MAX_ZOOM, scrollWheelZoom: false, zoomControl: true });
  map.zoomControl.setPosition('topright');
  map.zoomControl.getContainer()?.querySelector('.leaflet-control-zoom-in')?.setAttribute('title', 'Hineinzoomen');
  map.zoomControl.getContainer()?.querySelector('.leaflet-control-zoom-out')?.setAttribute('title', 'Herauszoomen');
  L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: MAX_ZOOM }).addTo(map);
  map.attributionControl.setPrefix(false);
  for (const marker of view.markers) {
    const link = document.createElement('a');
    link.href = marker.href;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = `${marker.title} ↗`;
    L.marker([marker.lat, marker.lng], { icon: pinIcon(marker.muted ? 'grey' : 'green'), title: marker.title, alt: marker.title })
      .bindPopup(link)
      .addTo(map);
  }
  const points = view.markers.map((m) => [m.lat, m.lng] as [number, number]);
  // More room above: a pin stands 40 px tall on its point, and the top one would be cut off.
  if (points.length > 1) map.fitBounds(points, { paddingTopLeft: [24, 48], paddingBottomRight: [24, 16], maxZoom: 16 });
  else if (view.centre) map.setView([view.centre.lat, view.centre.lng], view.zoom);
  else map.setView(FALLBACK_CENTRE, 6);
}
