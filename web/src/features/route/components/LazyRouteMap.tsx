import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/Spinner';

// Leaflet comes in its own chunk when the map is first shown (as for every map of the app).
const RouteMapChunk = lazy(() => import('./RouteMap'));

export function LazyRouteMap(props: ComponentProps<typeof RouteMapChunk>) {
  return (
    <Suspense
      fallback={
        <div className="map-placeholder" style={{ height: 360 }}>
          <Spinner label="Karte wird geladen …" />
        </div>
      }
    >
      <RouteMapChunk {...props} />
    </Suspense>
  );
}
