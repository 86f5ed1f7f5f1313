// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type WorkerHost } from './register-service-worker';

const ORIGIN = 'https://flohmarkt.example';
const EVENT = '6f1c2a4e-0000-4000-8000-000000000001';

/** A browser's service worker container as far as registering uses it; `takeOver` plays the worker claiming the page. */
function fakeBrowser(options: { controlled?: boolean; secure?: boolean; registerFails?: boolean; loaded?: boolean } = {}) {
  const events = new EventTarget();
  const posted: unknown[] = [];
  const worker = { postMessage: (message: unknown) => posted.push(message) } as unknown as ServiceWorker;
  const container = {
    controller: options.controlled ? worker : null,
    register: vi.fn((url: string, opts?: RegistrationOptions) =>
      options.registerFails
        ? Promise.reject(new Error('SecurityError'))
        : Promise.resolve({ scope: `${ORIGIN}${opts?.scope ?? ''}`, url } as unknown as ServiceWorkerRegistration),
    ),
    addEventListener: (type: string, listener: EventListener, opts?: AddEventListenerOptions) => events.addEventListener(type, listener, opts),
  };
  let loadListeners: Array<() => void> = [];
  let observer: ((urls: string[]) => void) | null = null;
  const host: WorkerHost = {
    container: container as unknown as WorkerHost['container'],
    secure: options.secure ?? true,
    origin: ORIGIN,
    observeLoaded: (callback) => {
      observer = callback;
      // What the page loaded before registering: its script, the session, the event page's reads, a tile, the account's favourites.
      callback([
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/api/auth/user`,
        `${ORIGIN}/api/events/${EVENT}`,
        `${ORIGIN}/api/events/${EVENT}/stands`,
        `${ORIGIN}/tiles/16/35210/21491.png`,
        `${ORIGIN}/api/me/favourites`,
      ]);
    },
    afterLoad: (start) => (options.loaded === false ? loadListeners.push(start) : start()),
  };
  return {
    host,
    container,
    posted,
    /** A resource completes that the page asked for without the worker. */
    completes: (...urls: string[]) => observer?.(urls),
    observing: () => observer !== null,
    load: () => {
      loadListeners.forEach((start) => start());
      loadListeners = [];
    },
    takeOver: () => {
      container.controller = worker;
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app, looking for updates past the HTTP cache', async () => {
    const browser = fakeBrowser();
    const registration = await registerServiceWorker(browser.host);
    expect(registration).not.toBeNull();
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('waits for the page to finish loading before it registers', async () => {
    const browser = fakeBrowser({ loaded: false });
    const pending = registerServiceWorker(browser.host);
    await Promise.resolve();
    expect(browser.container.register).not.toHaveBeenCalled();
    browser.load();
    await pending;
    expect(browser.container.register).toHaveBeenCalledTimes(1);
  });

  it('on the first visit hands the new worker what the page loaded and the worker keeps: the event, its stands and the tiles', async () => {
    const browser = fakeBrowser({ controlled: false });
    await registerServiceWorker(browser.host);
    expect(browser.posted).toEqual([]);
    browser.takeOver();
    expect(browser.posted).toEqual([
      { type: 'CACHE_URLS', payload: { urlsToCache: [`/api/events/${EVENT}`, `/api/events/${EVENT}/stands`, '/tiles/16/35210/21491.png'] } },
    ]);
    // Only once: a later update of the worker takes over a page that already loads through it.
    browser.takeOver();
    expect(browser.posted).toHaveLength(1);
  });

  it('hands over what was still on its way when the worker took over, and each URL only once', async () => {
    const browser = fakeBrowser({ controlled: false });
    await registerServiceWorker(browser.host);
    browser.completes(`${ORIGIN}/tiles/16/35211/21491.png`);
    browser.takeOver();
    browser.completes(`${ORIGIN}/api/media/stands/${EVENT}/abc.thumb.jpg`, `${ORIGIN}/tiles/16/35210/21491.png`, `${ORIGIN}/api/me/favourites`);
    browser.completes(`${ORIGIN}/assets/EventPage-1.js`);
    expect(browser.posted).toEqual([
      {
        type: 'CACHE_URLS',
        payload: { urlsToCache: [`/api/events/${EVENT}`, `/api/events/${EVENT}/stands`, '/tiles/16/35210/21491.png', '/tiles/16/35211/21491.png'] },
      },
      { type: 'CACHE_URLS', payload: { urlsToCache: [`/api/media/stands/${EVENT}/abc.thumb.jpg`] } },
    ]);
  });

  it('hands over nothing on later visits, which already load through the worker', async () => {
    const browser = fakeBrowser({ controlled: true });
    await registerServiceWorker(browser.host);
    expect(browser.observing()).toBe(false);
    browser.takeOver();
    expect(browser.posted).toEqual([]);
  });

  it('does nothing without service workers or outside a secure context', async () => {
    const insecure = fakeBrowser({ secure: false });
    expect(await registerServiceWorker(insecure.host)).toBeNull();
    expect(insecure.container.register).not.toHaveBeenCalled();
    expect(await registerServiceWorker({ ...fakeBrowser().host, container: undefined })).toBeNull();
  });

  it('lets the app run on when the browser refuses the worker', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = fakeBrowser({ registerFails: true });
    await expect(registerServiceWorker(browser.host)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Offline-Modus nicht verfügbar:', expect.any(Error));
  });
});
