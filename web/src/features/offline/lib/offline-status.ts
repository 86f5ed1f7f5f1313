import { useSyncExternalStore } from 'react';
import { FROM_CACHE_MESSAGE, type FromCacheMessage } from './cache-rules';

/** What the offline banner says: whether the browser is offline and whether shown data came from the worker's cache. */
export interface OfflineStatus {
  online: boolean;
  /** Whether this page showed an answer from the worker's cache (until the page is loaded again). */
  fromCache: boolean;
  /** When the oldest of those answers left the server (ISO), or null when unknown. */
  cachedAt: string | null;
  /** The browser went offline and came back during this page: what it shows may be old. */
  reconnected: boolean;
}

const listeners = new Set<() => void>();
let status: OfflineStatus = { online: true, fromCache: false, cachedAt: null, reconnected: false };
let watching = false;

function update(next: Partial<OfflineStatus>): void {
  status = { ...status, ...next };
  listeners.forEach((listener) => listener());
}

function isFromCache(data: unknown): data is FromCacheMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === FROM_CACHE_MESSAGE;
}

/** The oldest of two times (an unknown one counts as nothing). */
function older(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return new Date(a).getTime() <= new Date(b).getTime() ? a : b;
}

/**
 * Starts listening, once per page: the browser's online/offline events and the worker's messages.
 * main.tsx calls it before the first render: the page's data may be asked for (and answered from
 * the cache) before the banner is mounted, and a worker's message with no listener yet is lost.
 */
export function watchOfflineStatus(): void {
  if (watching) return;
  watching = true;
  status = { ...status, online: navigator.onLine };
  window.addEventListener('offline', () => update({ online: false }));
  window.addEventListener('online', () => update({ online: true, reconnected: true }));
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (isFromCache(event.data)) update({ fromCache: true, cachedAt: older(status.cachedAt, event.data.storedAt) });
  });
}

function subscribe(listener: () => void): () => void {
  watchOfflineStatus();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => status;

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribe, current, current);
}

/** Tests start each case from a fresh page. */
export function resetOfflineStatusForTests(): void {
  status = { online: true, fromCache: false, cachedAt: null, reconnected: false };
  watching = false;
}
