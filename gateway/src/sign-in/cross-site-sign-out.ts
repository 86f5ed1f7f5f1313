import type { Request } from 'express';

/**
 * Whether a request of /api/logout must not sign out: a GET started by another site (a link, an image, a redirect there):
 * `Sec-Fetch-Site` says so in every current browser. `same-site` counts as foreign too: a page on
 * a sibling subdomain is another party. `same-origin` (our own menu) and `none` (typed, a bookmark)
 * sign out, and so does a browser that sends no such header at all. A HEAD never signs out.
 */
export function mustNotSignOut(req: Pick<Request, 'header' | 'method'>): boolean {
  // A HEAD is a link checker or a mail scanner looking, never a person signing out.
  if (req.method === 'HEAD') return true;
  const site = req.header('sec-fetch-site')?.trim().toLowerCase();
  return site === 'cross-site' || site === 'same-site';
}
