import { CACHE_NAMES } from '../lib/cache-rules';

/** The worker's caches of what was seen (not the precache of the app's own files). */
export const KEPT_ANSWER_CACHES: readonly string[] = Object.values(CACHE_NAMES);

/** Workbox's expiration bookkeeping (workbox-expiration's CacheTimestampsModel): one row per kept answer. */
const EXPIRATION_DB = 'workbox-expiration';
const EXPIRATION_STORE = 'cache-entries';

/**
 * Drops the service worker's copies of what was seen (events, stand lists, photos, map tiles) and
 * their bookkeeping in IndexedDB, at sign-out and when another user signs in: the copies are public
 * reads (docs/adr/0012-offline-event-page.md), but which markets and which streets someone looked at
 * is theirs. The app's own files (the precache) stay, so the app still opens offline.
 * Never rejects; a browser without caches or IndexedDB has nothing to drop.
 */
export async function forgetKeptAnswers(): Promise<void> {
  await Promise.all([dropCaches(), dropExpirationRows()]).catch(() => undefined);
}

async function dropCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(KEPT_ANSWER_CACHES.map((name) => caches.delete(name)));
}

/**
 * Empties the rows rather than deleting the database: the worker holds it open, which would leave a
 * deletion waiting until the worker stops. Opened only when it exists: opening creates a database
 * without Workbox's tables, which the worker would then never set up.
 */
async function dropExpirationRows(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const existing = await indexedDB.databases();
  if (!existing.some((db) => db.name === EXPIRATION_DB)) return;
  await new Promise<void>((resolve) => {
    const open = indexedDB.open(EXPIRATION_DB);
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(EXPIRATION_STORE)) {
        db.close();
        return resolve();
      }
      const transaction = db.transaction(EXPIRATION_STORE, 'readwrite');
      transaction.objectStore(EXPIRATION_STORE).clear();
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            db.close();
            resolve();
          };
    };
  });
}
