import { useSyncExternalStore } from 'react';

/**
 * The width from which the event and stand pages put a side column beside the main one (the
 * `min-width: 960px` media queries of events.css and stands.css): below it everything stands in one
 * column, and what comes first there is what a person on a phone scrolls past.
 */
const TWO_COLUMNS = '(min-width: 960px)';

/** Whether the page has its side column now, following a turned phone or a resized window. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, matchesNow, () => true);
}

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia?.(TWO_COLUMNS);
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

// A window without matchMedia (jsdom in unit tests) gets the wide layout, the order of the markup.
function matchesNow(): boolean {
  return window.matchMedia?.(TWO_COLUMNS).matches ?? true;
}
