import type { TAuthUser, TEvent, TStand } from '@flohmarkt/contracts';
import { mayRegisterStand } from '@/lib/event-permissions';

export type RegistrationState = { kind: 'unavailable' } | { kind: 'registered'; stand: TStand } | { kind: 'open' };

/**
 * docs/product.md#registering-a-stand: with registration off only the organiser and admins may register; a user
 * has at most one stand per event ('Stand bereits angemeldet').
 */
export function registrationState(user: TAuthUser, event: TEvent, ownStands: TStand[]): RegistrationState {
  const existing = ownStands.find((stand) => stand.eventId === event.id);
  if (existing) return { kind: 'registered', stand: existing };
  if (!mayRegisterStand(user, event)) return { kind: 'unavailable' };
  return { kind: 'open' };
}
