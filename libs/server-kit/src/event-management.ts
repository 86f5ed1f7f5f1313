import type { CallerContext } from './request-context.js';

/**
 * "Organiser or admin", the one rule for who may manage a market and what belongs to it (edit,
 * cancel, review its stands, number them, its lists and exports), whichever service holds the
 * market's facts: the caller organises it or is an admin. A null event (not known) is managed by
 * admins only.
 */
export function managesEvent(caller: Pick<CallerContext, 'id' | 'role'> | null, event: { organizerId: string } | null): boolean {
  if (!caller) return false;
  return caller.role === 'admin' || (event !== null && caller.id === event.organizerId);
}
