import type { TAuthUser, TEvent } from '@flohmarkt/contracts';

/** The organiser is the user whose id is the event's organizerId (docs/product.md#permissions). */
export function isOrganizer(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>): boolean {
  return user !== null && user.id === event.organizerId;
}

/** Edit the event, manage its stands and drafts: organiser or admin. */
export function mayManageEvent(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>): boolean {
  return isOrganizer(user, event) || user?.role === 'admin';
}

/** Registering a stand: anyone signed in while registration is on; with it off only organiser or admin. */
export function mayRegisterStand(user: TAuthUser | null, event: Pick<TEvent, 'organizerId' | 'allowStandRegistration'>): boolean {
  return event.allowStandRegistration || mayManageEvent(user, event);
}
