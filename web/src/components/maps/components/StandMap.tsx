import { MAP, type TEvent, type TStand } from '@flohmarkt/contracts';
import { pointOf } from '../lib/points';
import { Marker, Popup } from 'react-leaflet';
import { standTitle } from '@/lib/stand-title';
import { pinIcon } from '../lib/markers';
import { BaseMap } from './BaseMap';
import { EventLocationPin } from './EventLocationPin';
import { POPUP_PLACEMENT } from '../lib/popup';

interface StandMapProps {
  stand: TStand;
  event: TEvent | null;
  /** The viewer owns the stand: its popup says 'Ihr Standort'. */
  own: boolean;
}

/** The stand page map: the stand in green, the event in red, centred on the stand. */
export function StandMap({ stand, event, own }: StandMapProps) {
  const standPoint = pointOf(stand.latitude, stand.longitude);
  const eventPoint = event ? pointOf(event.latitude, event.longitude) : null;
  const center = standPoint ?? eventPoint;
  if (!center) return null;
  const label = own ? 'Ihr Standort' : standTitle(stand);
  return (
    <BaseMap center={center} zoom={standPoint ? MAP.eventPageZoom : MAP.interactiveZoom} height={MAP.eventPageHeightPx} label={`Karte: ${standTitle(stand)}`}>
      {eventPoint ? <EventLocationPin point={eventPoint} /> : null}
      {standPoint ? (
        <Marker position={[standPoint.lat, standPoint.lng]} icon={pinIcon('green')} title={label}>
          <Popup {...POPUP_PLACEMENT}>
            <p className="map-popup__title">{label}</p>
          </Popup>
        </Marker>
      ) : null}
    </BaseMap>
  );
}
