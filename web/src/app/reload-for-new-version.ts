/**
 * A page loaded before a new version went live asks, on its next lazy page or map, for script files
 * that are gone (their names carry a hash of their content; the new service worker has dropped them
 * from its cache, the server never had them). Vite announces such a failed import as
 * `vite:preloadError`. The page then loads itself again, once, and gets the new version's files.
 * A second failure within RELOAD_PAUSE_MS (the file is really missing), a failure without network
 * (a reload would not help: the offline page needs what is cached) or a browser that keeps no
 * session storage (nothing could stop a loop) is left to the page's own error screens.
 */
const RELOADED_AT = 'flohmarkt:reloaded-for-new-version';
const RELOAD_PAUSE_MS = 60_000;

function reloadedRecently(storage: Storage, now: number): boolean {
  const at = Number(storage.getItem(RELOADED_AT));
  return Number.isFinite(at) && now - at < RELOAD_PAUSE_MS;
}

export function reloadForNewVersion(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    if (!win.navigator.onLine) return;
    try {
      const now = Date.now();
      if (reloadedRecently(win.sessionStorage, now)) return;
      win.sessionStorage.setItem(RELOADED_AT, String(now));
    } catch {
      return;
    }
    event.preventDefault();
    win.location.reload();
  });
}
