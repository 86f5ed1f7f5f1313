import { ACTIVE_STAND_STATUSES, type TAuthUser, type TEvent, type TStand } from '@flohmarkt/contracts';
import { registrationClosedFor } from '@/lib/event-permissions';

export type RegistrationState = { kind: 'unavailable'; reason: string } | { kind: 'registered'; stand: TStand } | { kind: 'open' };

const holdsPlace = (stand: TStand) => (ACTIVE_STAND_STATUSES as readonly string[]).includes(stand.status);

/**
 * docs/product.md#registering-a-stand: with registration off only the organiser and admins may register; a user
 * has at most one waiting or approved stand per event ('Stand bereits angemeldet'). A rejected or
 * withdrawn stand does not block a new registration (issue 17); registration closes when the event is
 * cancelled or over or its deadline has passed.
 */
export function registrationState(user: TAuthUser, event: TEvent, ownStands: TStand[], now: Date = new Date()): RegistrationState {
  const existing = ownStands.find((stand) => stand.eventId === event.id && holdsPlace(stand));
  if (existing) return { kind: 'registered', stand: existing };
  const closed = registrationClosedFor(user, event, now);
  if (closed) return { kind: 'unavailable', reason: closed };
  return { kind: 'open' };
}
