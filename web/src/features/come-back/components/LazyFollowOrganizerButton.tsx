import { lazy, Suspense, type ComponentProps } from 'react';

// Only signed-in users see the button: its code stays out of the event page's first paint
// (infra/scripts/audit-web.mjs budget) and comes in its own chunk.
const FollowOrganizerButtonChunk = lazy(() => import('./FollowOrganizerButton').then((m) => ({ default: m.FollowOrganizerButton })));

export function LazyFollowOrganizerButton(props: ComponentProps<typeof FollowOrganizerButtonChunk>) {
  return (
    <Suspense fallback={null}>
      <FollowOrganizerButtonChunk {...props} />
    </Suspense>
  );
}
