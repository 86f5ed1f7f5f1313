import { MAP } from '@flohmarkt/contracts';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/Spinner';

// The map code (Leaflet, react-leaflet, their CSS) is its own chunk, loaded when a map is first
// shown, so the first paint of a page never waits for it.
const LandingMapChunk = lazy(() => import('./components/LandingMap').then((m) => ({ default: m.LandingMap })));
const EventMapChunk = lazy(() => import('./components/EventMap').then((m) => ({ default: m.EventMap })));
const StandMapChunk = lazy(() => import('./components/StandMap').then((m) => ({ default: m.StandMap })));

/** Keeps the map's place while its code loads, so nothing jumps. */
function MapPlaceholder({ height }: { height: number | string }) {
  return (
    <div className="map-placeholder" style={{ height }}>
      <Spinner label="Karte wird geladen …" />
    </div>
  );
}

export function LandingMap(props: ComponentProps<typeof LandingMapChunk>) {
  return (
    <Suspense fallback={<MapPlaceholder height={MAP.defaultHeightPx} />}>
      <LandingMapChunk {...props} />
    </Suspense>
  );
}

export function EventMap(props: ComponentProps<typeof EventMapChunk>) {
  return (
    <Suspense fallback={<MapPlaceholder height={props.height ?? MAP.eventPageHeightPx} />}>
      <EventMapChunk {...props} />
    </Suspense>
  );
}

export function StandMap(props: ComponentProps<typeof StandMapChunk>) {
  return (
    <Suspense fallback={<MapPlaceholder height={MAP.eventPageHeightPx} />}>
      <StandMapChunk {...props} />
    </Suspense>
  );
}
