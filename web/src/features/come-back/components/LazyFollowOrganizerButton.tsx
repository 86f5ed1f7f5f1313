import { lazy, Suspense, type ComponentProps } from 'react';

// The button (and, signed out, its sign-in link) comes after the rest: its code stays out of the event page's first paint
// (infra/scripts/audit-web.mjs budget) and comes in its own chunk.
const FollowOrganizerButtonChunk = lazy(() => import('./FollowOrganizerButton').then((m) => ({ default: m.FollowOrganizerButton })));

export function LazyFollowOrganizerButton(props: ComponentProps<typeof FollowOrganizerButtonChunk>) {
  return (
    <Suspense fallback={null}>
      <FollowOrganizerButtonChunk {...props} />
    </Suspense>
  );
}
