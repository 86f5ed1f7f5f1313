import type { TEvent } from '@flohmarkt/contracts';
import { Suspense, lazy } from 'react';

// Only markets of a series show the card: its code comes in its own chunk, after the first paint, and
// the event page's first chunk stays within the budget of infra/scripts/audit-web.mjs.
const SeriesDatesCard = lazy(() => import('./SeriesDatesCard').then((m) => ({ default: m.SeriesDatesCard })));

export function LazySeriesDatesCard({ event }: { event: TEvent }) {
  if (!event.seriesId) return null;
  return (
    <Suspense fallback={null}>
      <SeriesDatesCard event={event} />
    </Suspense>
  );
}
