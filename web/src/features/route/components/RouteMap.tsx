import type { TStand } from '@flohmarkt/contracts';
import { useMemo } from 'react';
import { Marker, Polyline, Popup } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { BaseMap } from '@/components/maps/components/BaseMap';
import { L } from '@/components/maps/lib/leaflet-setup';
import { pinIcon } from '@/components/maps/lib/markers';
import { pointOf } from '@/components/maps/lib/points';
import { isUnavailable, LIVE_STATE_LABELS, liveStateOf } from '@/features/live-status/api/live-state';
import { standTitle } from '@/lib/stand-title';
import { roundTrack, type TPoint } from '@flohmarkt/route-planner';
import { paths } from '@/lib/paths';

interface RouteMapProps {
  stands: readonly TStand[];
  /** The round's order: numbered markers and a line; without it the stands are plain pins. */
  order?: readonly string[];
  start?: TPoint | null;
  loop?: boolean;
  /** The way along the streets where a routing server drew it; without it straight dashed lines. */
  track?: readonly TPoint[];
  label: string;
}

const numberIcons = new Map<string, L.DivIcon>();

/** A round marker with the stop's place in the round (drawn in HTML, no image request). */
function numberIcon(text: string, muted: boolean): L.DivIcon {
  const key = `${text}:${muted}`;
  const cached = numberIcons.get(key);
  if (cached) return cached;
  const icon = L.divIcon({
    className: `route-stop${muted ? ' route-stop--muted' : ''}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
  numberIcons.set(key, icon);
  return icon;
}

/** The Merkliste's stands and, once planned, the round: numbered stops, a line in visiting order; closed stands grey. */
export default function RouteMap({ stands, order, start, loop = false, track, label }: RouteMapProps) {
  const located = useMemo(
    () =>
      stands.flatMap((stand) => {
        const point = pointOf(stand.latitude, stand.longitude);
        return point ? [{ stand, point }] : [];
      }),
    [stands],
  );
  const position = new Map(order?.map((id, index) => [id, index + 1]));
  const byId = new Map(located.map((entry) => [entry.stand.id, entry.point]));
  const straight = roundTrack(
    (order ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    start,
    loop,
  );
  const line = track && track.length > 1 ? track : straight;
  const all = [...located.map((entry) => entry.point), ...(start ? [start] : [])];
  const center = all[0] ?? { lat: 51.1657, lng: 10.4515 };

  return (
    <BaseMap center={center} zoom={16} fitTo={all.length > 1 ? all : undefined} height={360} label={label}>
      {start ? (
        <Marker position={[start.lat, start.lng]} icon={pinIcon('blue')} title="Start">
          <Popup>Start</Popup>
        </Marker>
      ) : null}
      {located.map(({ stand, point }) => {
        const state = liveStateOf(stand);
        const number = position.get(stand.id);
        const title = `${number ? `${number}. ` : ''}${standTitle(stand)}${state ? ` (${LIVE_STATE_LABELS[state]})` : ''}`;
        return (
          <Marker
            key={stand.id}
            position={[point.lat, point.lng]}
            icon={number ? numberIcon(String(number), false) : isUnavailable(state) ? numberIcon('×', true) : pinIcon('green')}
            title={title}
          >
            <Popup>
              <p className="map-popup__title">{title}</p>
              <Link className="map-popup__link" to={paths.stand(stand.id)}>
                Stand Details
              </Link>
            </Popup>
          </Marker>
        );
      })}
      {/* Solid along the streets; dashed for straight lines ("Luftlinie", as the summary says). */}
      {line.length > 1 ? (
        <Polyline
          positions={line.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: '#2b4162', weight: 4, opacity: 0.8, dashArray: line === track ? undefined : '10 8' }}
        />
      ) : null}
    </BaseMap>
  );
}
