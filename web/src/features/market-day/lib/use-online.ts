import { useSyncExternalStore } from 'react';

/*
 * Whether the browser says it is online. The offline banner's own status lives in features/offline,
 * whose internals this feature may not reach; the browser's flag and its two events are all the
 * check-in needs (a phone without reception also fails its sends, which keeps the ticks anyway).
 */

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const current = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, current, () => true);
}
