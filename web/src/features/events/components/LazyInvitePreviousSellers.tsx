import type { TEvent } from '@flohmarkt/contracts';
import { Suspense, lazy } from 'react';
import { mayHavePreviousSellers } from '../lib/invite-previous';

// Only the organiser of a later date or a copy sees it: its code (dialog, mutation) comes in its own
// chunk, and the event page's first chunk stays within the budget of infra/scripts/audit-web.mjs.
const InvitePreviousSellers = lazy(() => import('./InvitePreviousSellers').then((m) => ({ default: m.InvitePreviousSellers })));

/** Rendered only for those who may manage the market (EventActions decides). */
export function LazyInvitePreviousSellers({ event }: { event: TEvent }) {
  if (!mayHavePreviousSellers(event)) return null;
  return (
    <Suspense fallback={null}>
      <InvitePreviousSellers event={event} />
    </Suspense>
  );
}
