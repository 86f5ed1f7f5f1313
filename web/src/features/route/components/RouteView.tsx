import { UNNUMBERED_STAND_LABEL, type TEvent, type TStand } from '@flohmarkt/contracts';
import { appleMapsLinks, mapsLinks, toGpx, type TPoint, type TRouteStart, type TRouteStop } from '@flohmarkt/route-planner';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { labelOf, standTitle } from '@/lib/stand-title';
import { saveBlob } from '@/lib/save-file';
import { gpxFileName } from '../lib/download';
import { useStreetRoute } from '../api/street-route';
import { formatDistance, pointOfStand, routeLegs, startPoint, streetLegs, type ShownRoute } from '../lib/route-plan';
import { routeSharePath } from '../lib/share-route';
import { LazyRouteMap } from './LazyRouteMap';
import { paths } from '@/lib/paths';

interface RouteViewProps {
  event: TEvent;
  /** The stands of the event that the round may name (unknown ids in a shared link are left out). */
  stands: readonly TStand[];
  route: ShownRoute;
}

function linkLabel(base: string, index: number, count: number): string {
  return count > 1 ? `${base} (Teil ${index + 1} von ${count})` : base;
}

/** The planned round: map with numbered stops, the list in order with distances, GPX, map apps, print and share. */
export function RouteView({ event, stands, route }: RouteViewProps) {
  const [copied, setCopied] = useState(false);
  const byId = useMemo(() => new Map(stands.map((stand) => [stand.id, stand])), [stands]);
  const stops = useMemo<TRouteStop[]>(
    () =>
      route.order.flatMap((id) => {
        const point = pointOfStand(byId.get(id));
        return point ? [{ id, ...point }] : [];
      }),
    [byId, route.order],
  );
  const points = useMemo(() => new Map<string, TPoint>(stops.map((stop) => [stop.id, stop])), [stops]);
  // Along the streets where the server can draw it: its order and lengths, else the browser's straight lines.
  const street = useStreetRoute(event.id, route);
  const shown: ShownRoute = { ...route, order: street ? street.order.filter((id) => points.has(id)) : stops.map((stop) => stop.id) };
  const { rows, totalM } = street ? streetLegs(shown.order, street) : routeLegs(shown, points);
  const track = street?.track.coordinates.map(([lng, lat]) => ({ lat, lng }));
  const origin = startPoint(shown, points);
  const plannerStart: TRouteStart | null =
    shown.start.kind === 'point' ? shown.start.point : points.has(shown.start.standId) ? { stopId: shown.start.standId } : null;
  const google = plannerStart && stops.length > 0 ? mapsLinks(shown.order, stops, plannerStart, { loop: shown.loop, mode: shown.mode }) : [];
  const apple = plannerStart && stops.length > 0 ? appleMapsLinks(shown.order, stops, plannerStart, { loop: shown.loop, mode: shown.mode }) : [];
  const sharePath = routeSharePath(event.id, shown);
  const shareUrl = `${window.location.origin}${sharePath}`;

  const downloadGpx = () => {
    const gpx = toGpx({
      name: `Meine Runde – ${event.name}`,
      stops: shown.order.map((id) => {
        const stop = points.get(id)!;
        const stand = byId.get(id);
        return { id, ...stop, label: stand ? labelOf(stand) : UNNUMBERED_STAND_LABEL, categories: stand?.categories ?? [] };
      }),
      start: shown.start.kind === 'point' ? shown.start.point : null,
      loop: shown.loop,
      path: track,
      linkFor: (id) => `${window.location.origin}/stands/${encodeURIComponent(id)}`,
    });
    saveBlob(gpxFileName(event.name), new Blob([gpx], { type: 'application/gpx+xml' }));
  };

  const copyShareLink = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (stops.length === 0) return <p className="notice">Keiner der Stände dieser Runde ist noch dabei.</p>;

  return (
    <section className="route-view" aria-labelledby="route-title">
      <h2 id="route-title" className="section-title">
        Meine Runde
      </h2>
      <p className="route-view__summary">
        {stops.length === 1 ? '1 Stand' : `${stops.length} Stände`} · {formatDistance(totalM)} {shown.mode === 'bike' ? 'mit dem Rad' : 'zu Fuß'} ·{' '}
        {shown.loop ? 'Rundweg' : 'Einfacher Weg'} {street ? '(entlang der Wege)' : '(Luftlinie)'}
      </p>
      <div className="route-view__map">
        <LazyRouteMap
          stands={stops.map((stop) => byId.get(stop.id)!)}
          order={shown.order}
          start={shown.start.kind === 'point' ? origin : null}
          loop={shown.loop}
          track={track}
          label={`Karte: Meine Runde – ${event.name}`}
        />
      </div>
      <ol className="route-list" aria-label="Reihenfolge der Runde">
        {shown.start.kind === 'point' ? <li className="route-list__start">Start: {shown.start.label}</li> : null}
        {rows.map((row, index) => {
          const stand = byId.get(row.standId)!;
          return (
            <li key={row.standId} className="route-list__stop" data-stand-id={row.standId}>
              <span className="route-list__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="route-list__text">
                <Link to={paths.stand(stand.id)}>{standTitle(stand)}</Link>
                {stand.categories.length > 0 ? <span className="route-list__categories"> · {stand.categories.join(', ')}</span> : null}
              </span>
              <span className="route-list__distance">{index === 0 && shown.start.kind === 'stand' ? 'Start' : `+ ${formatDistance(row.distanceM)}`}</span>
            </li>
          );
        })}
        {shown.loop && origin ? <li className="route-list__start">Zurück zum Start</li> : null}
      </ol>
      <div className="route-actions">
        <button type="button" className="button button--primary" onClick={downloadGpx}>
          GPX herunterladen
        </button>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          Route drucken
        </button>
        {google.map((url, index) => (
          <a key={url} className="button button--ghost" href={url} target="_blank" rel="noopener noreferrer">
            {linkLabel('In Google Maps öffnen', index, google.length)}
          </a>
        ))}
        {apple.map((url, index) => (
          <a key={url} className="button button--ghost" href={url} target="_blank" rel="noopener noreferrer">
            {linkLabel('In Apple Karten öffnen', index, apple.length)}
          </a>
        ))}
      </div>
      <div className="route-share">
        <label className="route-share__label" htmlFor="route-share-link">
          Link zu dieser Runde
        </label>
        <div className="route-share__row">
          <input id="route-share-link" className="input" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--ghost" onClick={() => void copyShareLink()}>
            {copied ? 'Kopiert' : 'Link kopieren'}
          </button>
        </div>
        <p className="muted">Der Link zeigt genau diese Reihenfolge, auch auf einem anderen Gerät.</p>
      </div>
    </section>
  );
}
