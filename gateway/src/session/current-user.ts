import type { Request } from 'express';
import type { TAuthUser } from '@flohmarkt/contracts';
import type { ServiceClient } from '@flohmarkt/server-kit';

/**
 * The signed-in user as the auth service knows them right now (so a role changed by an admin
 * applies to the very next request). A session whose user no longer exists is ended.
 */
export async function resolveCurrentUser(req: Request, auth: ServiceClient, timeoutMs: number): Promise<TAuthUser | null> {
  const userId = req.session?.userId;
  if (!userId) return null;
  const answer = await auth.json<TAuthUser>({
    method: 'GET',
    path: `/internal/users/${encodeURIComponent(userId)}`,
    requestId: req.requestId,
    timeoutMs,
  });
  if (answer.status === 200) return answer.body;
  if (answer.status === 404) {
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    return null;
  }
  throw new Error(`auth answered ${answer.status} for the session user`);
}
