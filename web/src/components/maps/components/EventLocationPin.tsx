import type { TLatLng } from '@flohmarkt/contracts';
import { Marker } from 'react-leaflet';
import { pinIcon } from '../lib/markers';

/**
 * The event's own position, the red pin under the stands. A picture, not a control (neither clickable nor
 * focusable): its popup only repeated its name, and as a target it lay under the stand markers around it,
 * which WCAG 2.2's minimum target size (24 × 24 px unobscured; axe's target-size rule, issue 22) counts
 * against the page. The stands' markers above it stay the map's controls.
 */
export function EventLocationPin({ point }: { point: TLatLng }) {
  return <Marker position={[point.lat, point.lng]} icon={pinIcon('red')} title="Flohmarkt-Standort" zIndexOffset={-100} interactive={false} keyboard={false} />;
}
