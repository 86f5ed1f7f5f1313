import { lazy, Suspense } from 'react';
import type { StandItemsSectionProps } from '../components/StandItemsSection';

/*
 * The entry other features mount the items section through. The section (list, editor, form) comes in
 * its own chunk after the page around it, so the stand page's first chunk does not grow; it sits in
 * api/ because that is the only part of a feature another feature may import (ARCHITECTURE.md).
 */
const StandItemsSection = lazy(() => import('../components/StandItemsSection').then((m) => ({ default: m.StandItemsSection })));

export function LazyStandItems(props: StandItemsSectionProps) {
  return (
    <Suspense fallback={null}>
      <StandItemsSection {...props} />
    </Suspense>
  );
}
