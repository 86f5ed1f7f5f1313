import { GET_EVENT, GET_MEDIA_FILE, GET_STAND, LIST_EVENT_STANDS, publicCallPattern } from '@flohmarkt/contracts';

/*
 * What the service worker keeps for the offline event page, written once for the worker
 * (service-worker/sw.ts) and the page that hands it what loaded before it took over
 * (register-service-worker.ts). Why each one, and what is never kept: docs/adr/0012-offline-event-page.md.
 *
 * Pure functions of a URL's path and an answer's headers, so they are tested without a worker.
 */

/** Cache names; the version suffix lets a later shape start clean (old ones are deleted on activation). */
export const CACHE_NAMES = {
  api: 'flohmarkt-api-v1',
  photos: 'flohmarkt-photos-v1',
  tiles: 'flohmarkt-tiles-v1',
} as const;

/** Bounds of each cache: the oldest-used entries go first (least recently used). */
export const CACHE_LIMITS = {
  /** Events, their stand lists and stands: a visitor's markets of a few weeks. */
  api: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 },
  /** Photos seen (the thumbnails of one big market are about 150). */
  photos: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
  /** Map tiles seen: the area of a few markets at street zoom, about 20–40 MB at most. */
  tiles: { maxEntries: 2000, maxAgeSeconds: 30 * 24 * 3600 },
} as const;

/** How long an API answer may take before the cached copy is shown instead (poor reception). */
export const API_NETWORK_TIMEOUT_SECONDS = 5;
/** The same for a page load: after this the cached app shell opens. */
export const NAVIGATION_TIMEOUT_MS = 5000;

/** The message the worker sends a page whose data it answered from its cache. */
export const FROM_CACHE_MESSAGE = 'flohmarkt:answered-from-cache';

export interface FromCacheMessage {
  type: typeof FROM_CACHE_MESSAGE;
  /** When the server sent the kept answer (its Date header, ISO), or null when it had none. */
  storedAt: string | null;
}

/**
 * The public reads of one event page: the event (the same for everyone) and its stand list (the
 * public's view; the organiser's or an owner's answer says `Cache-Control: private` and is not kept).
 */
const EVENT_READS = [publicCallPattern(GET_EVENT), publicCallPattern(LIST_EVENT_STANDS)];
/**
 * One stand's page read (issue 30): the stands service marks every read but a signed-out one of an
 * approved stand `private, no-store`, so only the public's view is kept.
 */
const STAND_READ = publicCallPattern(GET_STAND);
/** A stand's photo or thumbnail (only those answered `public`, i.e. of approved stands, are kept). */
const PHOTO = publicCallPattern(GET_MEDIA_FILE);
/** A map tile through the gateway's tile proxy. */
const TILE = /^\/tiles\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/;

/** Page loads the app shell must not answer: the API and sign-in, the identity provider, dev tools, embeds, files. */
const NOT_APP_PAGES = [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/dev(\/|$)/, /^\/embed(\/|$)/, /^\/tiles(\/|$)/];

export type CacheKind = keyof typeof CACHE_NAMES;

/** Which cache a same-origin GET belongs in, or null: everything else goes to the network untouched. */
export function cacheKindOf(pathname: string, search = ''): CacheKind | null {
  // A query makes it another read (filters, formats): none of the kept reads takes one.
  if (search !== '' && search !== '?') return null;
  if (EVENT_READS.some((pattern) => pattern.test(pathname)) || STAND_READ.test(pathname)) return 'api';
  if (PHOTO.test(pathname)) return 'photos';
  if (TILE.test(pathname)) return 'tiles';
  return null;
}

/** Whether a page load may be answered with the cached app shell when the network fails. */
export function isAppPage(pathname: string): boolean {
  return !NOT_APP_PAGES.some((pattern) => pattern.test(pathname));
}

/** The parts of an answer the rules read (a fetch Response has them). */
export interface AnswerHead {
  status: number;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be kept in this browser's cache: a full 200 that the server does not mark
 * as one person's (`private`, `no-store`, or varying by cookie) and, for tiles, a real tile (the
 * proxy's plain stand-in while the tile server is unreachable says `X-Tile-Fallback` and must not
 * replace the map for a month).
 */
export function mayKeep(kind: CacheKind, answer: AnswerHead): boolean {
  if (answer.status !== 200) return false;
  const cacheControl = (answer.headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl)) return false;
  const vary = (answer.headers.get('vary') ?? '').toLowerCase();
  if (vary.split(',').some((name) => ['cookie', '*'].includes(name.trim()))) return false;
  if (kind === 'tiles' && answer.headers.get('x-tile-fallback') !== null) return false;
  return true;
}

/**
 * Of the resources a page loaded before the worker took over, the same-origin ones the worker
 * would have kept: it fetches them once more into its caches (mostly from the HTTP cache).
 */
export function urlsWorthKeeping(urls: readonly string[], origin: string): string[] {
  const kept = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && cacheKindOf(url.pathname, url.search) !== null) kept.add(url.pathname);
  }
  return [...kept];
}
