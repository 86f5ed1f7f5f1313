import { MAP } from '@flohmarkt/contracts';
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/Spinner';

// The map code (Leaflet, react-leaflet, their CSS) is its own chunk, loaded when a map is first
// shown and only after the page has painted (AfterFirstPaint), so the first paint never waits for it.
const LandingMapChunk = lazy(() => import('./components/LandingMap').then((m) => ({ default: m.LandingMap })));
const EventMapChunk = lazy(() => import('./components/EventMap').then((m) => ({ default: m.EventMap })));
const StandMapChunk = lazy(() => import('./components/StandMap').then((m) => ({ default: m.StandMap })));

/** Keeps the map's place while its code (or what it should show) loads, so nothing jumps. */
export function MapPlaceholder({ height }: { height: number | string }) {
  return (
    <div className="map-placeholder" style={{ height }}>
      <Spinner label="Karte wird geladen …" />
    </div>
  );
}

/**
 * Calls `onPainted` once the browser has painted the current frame and is idle: an idle callback
 * (at most 500 ms away) asked for from an animation frame runs after that frame is on screen. A
 * plain timeout there ran before the frame's paint was presented, so Lighthouse still counted the
 * map's request as part of the first paint. Without idle callbacks (Safari), a timeout.
 */
function afterNextPaint(onPainted: () => void): () => void {
  let cancelIdle: () => void = () => undefined;
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(onPainted, { timeout: 500 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(onPainted, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(whenIdle) : undefined;
  if (frame === undefined) whenIdle();
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    cancelIdle();
  };
}

/**
 * Shows the placeholder until the page around it has painted, then the map: otherwise the map's
 * chunk is requested during the page's first render, and on a slow phone its download,
 * evaluation and Leaflet's set-up ran before the first paint (Lighthouse: LCP and blocking time).
 */
function AfterFirstPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

export function LandingMap(props: ComponentProps<typeof LandingMapChunk>) {
  return (
    <AfterFirstPaint placeholder={<MapPlaceholder height={MAP.defaultHeightPx} />}>
      <LandingMapChunk {...props} />
    </AfterFirstPaint>
  );
}

export function EventMap(props: ComponentProps<typeof EventMapChunk>) {
  return (
    <AfterFirstPaint placeholder={<MapPlaceholder height={props.height ?? MAP.eventPageHeightPx} />}>
      <EventMapChunk {...props} />
    </AfterFirstPaint>
  );
}

export function StandMap(props: ComponentProps<typeof StandMapChunk>) {
  return (
    <AfterFirstPaint placeholder={<MapPlaceholder height={MAP.eventPageHeightPx} />}>
      <StandMapChunk {...props} />
    </AfterFirstPaint>
  );
}
