import type { TAuthUser, TEvent, TStand } from '@flohmarkt/contracts';
import { mayManageEvent } from '@/lib/event-permissions';

export type StandEditAccess = 'allowed' | 'guest-stand' | 'forbidden';

/**
 * docs/product.md#permissions: the owning exhibitor, the event's organiser or an admin edits a stand; a guest
 * stand (no exhibitor) only the organiser or an admin.
 */
export function standEditAccess(user: TAuthUser, stand: Pick<TStand, 'exhibitorId'>, event: Pick<TEvent, 'organizerId'> | null): StandEditAccess {
  const manages = user.role === 'admin' || (event !== null && mayManageEvent(user, event));
  if (manages) return 'allowed';
  if (stand.exhibitorId === null) return 'guest-stand';
  return stand.exhibitorId === user.id ? 'allowed' : 'forbidden';
}
