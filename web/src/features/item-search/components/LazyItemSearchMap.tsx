import { MAP } from '@flohmarkt/contracts';
import { lazy, Suspense, type ComponentProps } from 'react';
import { MapPlaceholder } from '@/components/maps/lazy-maps';

// Leaflet comes in its own chunk when the map is first shown (as for every map of the app).
const ItemSearchMapChunk = lazy(() => import('./ItemSearchMap'));

export function LazyItemSearchMap(props: ComponentProps<typeof ItemSearchMapChunk>) {
  return (
    <Suspense fallback={<MapPlaceholder height={MAP.defaultHeightPx} />}>
      <ItemSearchMapChunk {...props} />
    </Suspense>
  );
}
