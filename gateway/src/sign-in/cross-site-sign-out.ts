import type { Request } from 'express';

/**
 * Whether a GET of /api/logout was started by another site (a link, an image, a redirect there):
 * `Sec-Fetch-Site` says so in every current browser. `same-site` counts as foreign too: a page on
 * a sibling subdomain is another party. `same-origin` (our own menu) and `none` (typed, a bookmark)
 * sign out, and so does a browser that sends no such header at all.
 */
export function isCrossSiteSignOut(req: Pick<Request, 'header'>): boolean {
  const site = req.header('sec-fetch-site')?.trim().toLowerCase();
  return site === 'cross-site' || site === 'same-site';
}
