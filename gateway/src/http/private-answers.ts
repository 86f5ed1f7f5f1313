import type { Response } from 'express';

/** What an answer that depends on the session or on a secret token says to every cache. */
const PRIVATE_ANSWER = 'private, no-store';

/** Which answers of a forwarded call the rule below concerns. */
export interface PrivateAnswerCase {
  /** The route's path holds a secret token (a guest's manage link, an opt-out link): `RouteSpec.secretInPath`. */
  secretInPath?: boolean;
  /** The request carried a session with a signed-in user. */
  signedIn: boolean;
}

/**
 * Keeps answers that depend on the session or on a secret token out of every cache (the browser's,
 * a shared proxy's, the web app's service worker, which keeps nothing marked `private`, `no-store`
 * or `Vary: Cookie`): `Cache-Control: private, no-store` and `Vary: Cookie`.
 *
 * - A path with a secret token: always, whatever the service said. The token is the credential.
 * - A signed-in request: unless the service marked its answer `public`, which it does only for
 *   something the same for everyone (a photo of an approved stand, a calendar file). Anything
 *   else a signed-in caller reads may hold more than the public's view (the organiser sees pending
 *   stands, an owner their stand's address), and the gateway cannot tell which.
 * - An anonymous request of any other route: unchanged (the public reads stay cacheable).
 *
 * Idempotent: forward.ts calls it once the caller is known (so its own errors carry it too) and
 * again once the service's headers are on the answer.
 */
export function keepPrivate(res: Response, answer: PrivateAnswerCase): void {
  if (!answer.secretInPath && !answer.signedIn) return;
  if (!answer.secretInPath && saysPublic(res.getHeader('cache-control'))) return;
  res.setHeader('Cache-Control', PRIVATE_ANSWER);
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Cookie` : 'Cookie');
}

function saysPublic(cacheControl: ReturnType<Response['getHeader']>): boolean {
  return String(cacheControl ?? '')
    .split(',')
    .some((directive) => directive.trim().toLowerCase() === 'public');
}
