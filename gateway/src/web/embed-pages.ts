/**
 * The pages other sites may put in a frame (docs: api-contract "Embedding"): one event's map and stands,
 * and the markets around a place. Only these two paths; every other answer keeps `frame-ancestors 'none'`
 * and `X-Frame-Options: DENY`. The gateway answers them with the web build's embed.html (its own small
 * entry without the app's shell).
 */
const EMBED_PAGES = [/^\/embed\/events\/[^/]+\/?$/, /^\/embed\/map\/?$/];

export function isEmbedPage(pathname: string): boolean {
  return EMBED_PAGES.some((pattern) => pattern.test(pathname));
}
