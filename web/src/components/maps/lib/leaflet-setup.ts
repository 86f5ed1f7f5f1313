import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';
import '../maps.css';

// Bundled, Leaflet's default marker looks for its images next to leaflet.css and finds nothing:
// hand it the images the build emitted (toolchain note). imagePath '' keeps the URLs as they are.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

/** Tiles come through the platform's own caching proxy: visitors' addresses never reach a third party. */
export const TILE_URL = '/tiles/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap-Mitwirkende</a>';
/** The proxy serves what OpenStreetMap's standard tiles offer. */
export const MAX_ZOOM = 19;

export { L };
