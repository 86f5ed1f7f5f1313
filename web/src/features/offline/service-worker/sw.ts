/// <reference lib="webworker" />
/*
 * The service worker of the offline event page (issue 19): the app's files are precached, an event
 * page once visited opens without network with its stands, the photos and map tiles already seen;
 * the Merkliste lives in localStorage and the route is planned in the page, so both come along.
 * What is kept and why: docs/adr/0012-offline-event-page.md. Built by vite-plugin-pwa (injectManifest)
 * into /sw.js; the gateway serves it uncached (gateway/src/web/web-app.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_NETWORK_TIMEOUT_SECONDS,
  CACHE_LIMITS,
  CACHE_NAMES,
  FROM_CACHE_MESSAGE,
  NAVIGATION_TIMEOUT_MS,
  cacheKindOf,
  isAppPage,
  mayKeep,
  type CacheKind,
  type FromCacheMessage,
} from '../lib/cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const APP_SHELL = '/index.html';

/**
 * Page loads go to the network (the page is the same for every path, and never cached by the
 * server); without an answer in time, the precached app shell opens and the app's router takes over.
 * The request is passed on as it came (a navigation's redirect handling stays the browser's).
 */
async function pageOrShell({ request }: { request: Request }): Promise<Response> {
  const network = fetch(request);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  const first = await Promise.race([network.catch(() => null), timeout]);
  if (first) return first;
  const shell = await matchPrecache(APP_SHELL);
  return shell ?? network;
}
// First of all routes (the first match answers): '/' too, which the precache would otherwise answer.
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname), pageOrShell);

// The app's own files (scripts, styles, the page, icons, manifest), with their revisions.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once, and the first visit's page is controlled without a reload, so
// that what it shows is kept from then on (the page hands over what loaded before: CACHE_URLS).
void self.skipWaiting();
clientsClaim();

// Caches of an earlier shape of this worker are dropped (the names carry the version).
self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES));
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('flohmarkt-') && !current.has(name)).map((name) => caches.delete(name)))),
  );
});

/** Only answers the rules allow are written (never a person's, an error or a stand-in tile). */
function keepOnly(kind: CacheKind): WorkboxPlugin {
  return { cacheWillUpdate: async ({ response }) => (mayKeep(kind, response) ? response : null) };
}

/** Tells the page that asked that its data came from the cache, and from when. */
const sayWhenFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
    const clientId = event instanceof FetchEvent ? event.clientId : '';
    if (cachedResponse && clientId) {
      const sent = new Date(cachedResponse.headers.get('date') ?? '');
      const message: FromCacheMessage = { type: FROM_CACHE_MESSAGE, storedAt: Number.isNaN(sent.getTime()) ? null : sent.toISOString() };
      void self.clients.get(clientId).then((client) => client?.postMessage(message));
    }
    return cachedResponse;
  },
};

const bounded = (kind: CacheKind) => new ExpirationPlugin({ ...CACHE_LIMITS[kind], purgeOnQuotaError: true });
const kindOf = (url: URL) => (url.origin === self.location.origin ? cacheKindOf(url.pathname, url.search) : null);

// The event and its stands: always the newest when the network answers in time, else the kept copy.
registerRoute(
  ({ url }) => kindOf(url) === 'api',
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [keepOnly('api'), bounded('api'), sayWhenFromCache],
  }),
);
// Photos never change under their path; tiles are kept only as seen (no prefetching of an area),
// which also spares the tile server the second request.
registerRoute(({ url }) => kindOf(url) === 'photos', new CacheFirst({ cacheName: CACHE_NAMES.photos, plugins: [keepOnly('photos'), bounded('photos')] }));
registerRoute(({ url }) => kindOf(url) === 'tiles', new CacheFirst({ cacheName: CACHE_NAMES.tiles, plugins: [keepOnly('tiles'), bounded('tiles')] }));
