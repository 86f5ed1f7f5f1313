import { MAP } from '@flohmarkt/contracts';
import { Marker, Popup } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { BaseMap } from '@/components/maps/components/BaseMap';
import { pinIcon } from '@/components/maps/lib/markers';
import { paths } from '@/lib/paths';
import type { MapStand } from '../lib/group-hits';

export interface ItemSearchMapProps {
  /** The place searched around: the centre while no stand is shown. */
  center: { lat: number; lng: number };
  stands: MapStand[];
  label: string;
}

/** One marker per stand with hits; an approximate stand at the point it is shown at, named „ungefähr“. */
export default function ItemSearchMap({ center, stands, label }: ItemSearchMapProps) {
  const located = stands.flatMap((stand) =>
    stand.latitude !== null && stand.longitude !== null ? [{ stand, point: { lat: stand.latitude, lng: stand.longitude } }] : [],
  );
  // One stand: centred on it; more: fitted to them all; none: the place searched around.
  const only = located.length === 1 ? located[0]?.point : undefined;
  return (
    <BaseMap center={only ?? center} zoom={MAP.interactiveZoom} fitTo={located.map((l) => l.point)} height={MAP.defaultHeightPx} label={label}>
      {located.map(({ stand, point }) => {
        const title = stand.locationApproximate ? `${stand.label} (ungefähr)` : stand.label;
        return (
          <Marker key={stand.id} position={[point.lat, point.lng]} icon={pinIcon(stand.locationApproximate ? 'blue' : 'green')} title={title}>
            <Popup>
              <div className="map-popup">
                <p className="map-popup__title">{stand.label}</p>
                <p className="map-popup__text">{stand.marketName}</p>
                {stand.locationApproximate ? <p className="map-popup__text">Standort ungefähr</p> : null}
                <Link className="map-popup__link" to={paths.stand(stand.id)}>
                  Zum Stand
                </Link>
              </div>
            </Popup>
          </Marker>
        );
      })}
    </BaseMap>
  );
}
