import type { TProfileVisibility } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';

/*
 * The rules of docs/product.md#permissions that concern users, as plain functions: the controllers call them
 * after the 404 check and before reading the body (order of checks: docs/product.md#calls-and-answers).
 */

export function isAdmin(caller: CallerContext | null): boolean {
  return caller?.role === 'admin';
}

/** The e-mail is personal: only the person themselves and admins see it on a user page. */
export function maySeeEmail(caller: CallerContext | null, userId: string): boolean {
  return caller?.id === userId || isAdmin(caller);
}

/**
 * "A user may update only their own user record and profile" (docs/product.md#permissions, "edit a profile"):
 * nobody else, admins included. Admins manage users through the admin calls (role, delete).
 */
export function mayEditOwnRecord(caller: CallerContext, ownerId: string): boolean {
  return caller.id === ownerId;
}

/**
 * A private seller profile (docs/product.md#privacy) is seen only by its user and admins; for everyone
 * else it does not exist (404, the same answer as for an unknown user). No profile row: public, as before.
 */
export function maySeeProfile(caller: CallerContext | null, userId: string, visibility: TProfileVisibility | undefined): boolean {
  return visibility !== 'private' || caller?.id === userId || isAdmin(caller);
}
