import { MAP, type TEvent, type TStand } from '@flohmarkt/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { isUnavailable, LIVE_STATE_LABELS, liveStateOf } from '@/features/live-status/api/live-state';
import { exhibitorDisplayName } from '@/lib/exhibitor-name';
import { standPopupTitle } from '@/lib/stand-title';
import { StandAddress } from '@/components/stands/StandAddress';
import { pinIcon } from '../lib/markers';
import { pointOf, withPoints } from '../lib/points';
import { BaseMap } from './BaseMap';
import { EventLocationPin } from './EventLocationPin';
import { ClusteredMarkers, type MapMarker } from './ClusteredMarkers';
import { MapStats } from './MapStats';
import { paths } from '@/lib/paths';

interface EventMapProps {
  event: TEvent;
  stands: TStand[];
  height?: number | string;
}

function standCountLabel(count: number): string {
  return count === 1 ? '1 Stand' : `${count} Stände`;
}

/** The marker's name: the stand's title and, on the event day, its live state as the cards say it. */
function markerTitle(stand: TStand): string {
  const state = liveStateOf(stand);
  return state ? `${standPopupTitle(stand)} (${LIVE_STATE_LABELS[state]})` : standPopupTitle(stand);
}

/** A stand marker's popup: its title, address, holder, live state and the link to its page. */
export function StandPopup({ stand }: { stand: TStand }) {
  const state = liveStateOf(stand);
  return (
    <div className="map-popup">
      <p className="map-popup__title">{standPopupTitle(stand)}</p>
      <StandAddress address={stand.address} className="map-popup__text map-popup__address" />
      <p className="map-popup__text">{exhibitorDisplayName(stand)}</p>
      {stand.isDraft ? <p className="map-popup__text">ausstehend</p> : null}
      {state ? <p className={`map-popup__text map-popup__live map-popup__live--${state}`}>{LIVE_STATE_LABELS[state]}</p> : null}
      <Link className="map-popup__link" to={paths.stand(stand.id)}>
        Stand Details
      </Link>
    </div>
  );
}

/**
 * The event page map: the event as a red marker ('Flohmarkt-Standort'), confirmed stands green,
 * pending ones (organiser and admins only) amber, on the event day those closed or absent grey
 * (their live state in the marker's name, as on the cards), with '{n} Stände gefunden' and
 * '{x} bestätigt · {y} ausstehend'. Centred on the event at zoom 16, else fitted to the stands.
 */
export function EventMap({ event, stands, height = MAP.eventPageHeightPx }: EventMapProps) {
  const eventPoint = pointOf(event.latitude, event.longitude);
  const located = useMemo(() => withPoints(stands), [stands]);
  const markers = useMemo<MapMarker[]>(
    () =>
      located.map(({ item, point }) => ({
        id: item.id,
        point,
        title: markerTitle(item),
        icon: pinIcon(isUnavailable(liveStateOf(item)) ? 'grey' : item.isDraft ? 'amber' : 'green'),
        popup: <StandPopup stand={item} />,
      })),
    [located],
  );
  const pending = stands.filter((s) => s.isDraft).length;
  const confirmed = stands.length - pending;
  const center = eventPoint ?? located[0]?.point ?? { lat: MAP.defaultCenter[0], lng: MAP.defaultCenter[1] };
  const zoom = eventPoint ? MAP.eventPageZoom : MAP.eventPageZoomNoCoordinates;

  return (
    <BaseMap
      center={center}
      zoom={zoom}
      fitTo={eventPoint ? undefined : located.map((l) => l.point)}
      height={height}
      label={`Karte: ${event.name}`}
      overlay={<MapStats title={`${standCountLabel(stands.length)} gefunden`} detail={`${confirmed} bestätigt · ${pending} ausstehend`} />}
    >
      {eventPoint ? <EventLocationPin point={eventPoint} /> : null}
      <ClusteredMarkers markers={markers} clusterLabel={standCountLabel} />
    </BaseMap>
  );
}
