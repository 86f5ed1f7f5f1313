import type { Request } from 'express';
import { SESSION_USER, type TAuthUser } from '@flohmarkt/contracts';
import { DomainError, type PeerClient } from '@flohmarkt/server-kit';

/**
 * The signed-in user as the auth service knows them right now (so a role changed by an admin
 * applies to the very next request). A session whose user no longer exists is ended.
 */
export async function resolveCurrentUser(req: Request, auth: PeerClient): Promise<TAuthUser | null> {
  const userId = req.session?.userId;
  if (!userId) return null;
  try {
    return await auth.call(SESSION_USER, { params: { id: userId } });
  } catch (err) {
    if (!(err instanceof DomainError && err.code === 'NOT_FOUND')) throw err;
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    return null;
  }
}
