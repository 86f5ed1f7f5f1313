import { urlsWorthKeeping } from './cache-rules';

/** What registering needs of the browser (a seam, so the logic is tested without a real worker). */
export interface WorkerHost {
  /** navigator.serviceWorker, absent in browsers (or modes) without service workers. */
  container: Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'> | undefined;
  /** Service workers run only in a secure context (https, or localhost in development). */
  secure: boolean;
  origin: string;
  /**
   * Calls back with the URLs of resources this page loaded without a worker: those loaded so far,
   * then each one as it completes (Resource Timing; `workerStart` 0 means no worker answered it).
   */
  observeLoaded(callback: (urls: string[]) => void): void;
  /** Runs `start` once the page has loaded, so the worker's precaching never competes with the first paint. */
  afterLoad(start: () => void): void;
}

/** The worker's path: at the root, so its scope is the whole app without a Service-Worker-Allowed header. */
export const SERVICE_WORKER_URL = '/sw.js';

function browserHost(): WorkerHost {
  return {
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    secure: window.isSecureContext,
    origin: window.location.origin,
    observeLoaded: (callback) => {
      const withoutWorker = (entries: PerformanceEntryList) =>
        entries.filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0).map((entry) => entry.name);
      if (typeof PerformanceObserver === 'undefined') return callback(withoutWorker(performance.getEntriesByType('resource')));
      new PerformanceObserver((list) => callback(withoutWorker(list.getEntries()))).observe({ type: 'resource', buffered: true });
    },
    afterLoad: (start) => (document.readyState === 'complete' ? start() : window.addEventListener('load', start, { once: true })),
  };
}

/**
 * Hands the worker, once it controls the page, every URL it would keep that the page loaded without
 * it (Workbox's CACHE_URLS message, each URL once): those loaded before it took over, and those
 * that were still on their way then.
 */
function handOverWhenControlled(host: WorkerHost, container: NonNullable<WorkerHost['container']>): void {
  const waiting: string[] = [];
  const sent = new Set<string>();
  let controlled = false;
  const flush = () => {
    const worker = container.controller;
    if (!controlled || !worker) return;
    const urlsToCache = urlsWorthKeeping(waiting.splice(0), host.origin).filter((url) => !sent.has(url));
    urlsToCache.forEach((url) => sent.add(url));
    if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  };
  host.observeLoaded((urls) => {
    waiting.push(...urls);
    flush();
  });
  container.addEventListener(
    'controllerchange',
    () => {
      controlled = true;
      flush();
    },
    { once: true },
  );
}

/**
 * Registers the offline worker (docs/adr/0012-offline-event-page.md). On the first visit the worker
 * takes over a page that has already loaded its event, stands and tiles (or is still loading them);
 * it is handed those URLs to keep, so the very first visit already opens offline. Later visits load
 * through the worker and hand over nothing.
 * Resolves to the registration, or null where there is no worker (the app works as before).
 */
export function registerServiceWorker(host: WorkerHost = browserHost()): Promise<ServiceWorkerRegistration | null> {
  const { container } = host;
  if (!container || !host.secure) return Promise.resolve(null);
  if (!container.controller) handOverWhenControlled(host, container);
  return new Promise((resolve) => {
    host.afterLoad(() => {
      // updateViaCache 'none': a new version is looked for past any HTTP cache, also of its imports.
      container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).then(resolve, (error: unknown) => {
        // Without the worker the app works online as before; the console says why.
        // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: only logged
        console.warn('Offline-Modus nicht verfügbar:', error);
        resolve(null);
      });
    });
  });
}
