import { useEffect, useRef } from 'react';
import { takeLostFocus } from '@/lib/take-lost-focus';

/** The form's „Suchen“ (ItemSearchForm) and what a search shows below it (ItemSearchPage): what the focus and the scroll go to. */
export const SEARCH_SUBMIT_ID = 'item-search-submit';
export const SEARCH_OUTCOME_ID = 'treffer';

/** The outcome comes into view where it starts below the middle of the screen: on a phone the form fills it, and „Suchen“ seemed to do nothing. */
function reveal(): void {
  const outcome = document.getElementById(SEARCH_OUTCOME_ID);
  if (!outcome || outcome.getBoundingClientRect().top < window.innerHeight / 2) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  outcome.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

/**
 * After the form's own search (`address`: the search params now; `settled`: its hits or its failure are shown):
 * the form is rebuilt for the new address (it is keyed by it, so back and forward show what the address says),
 * and the focus on the old form's „Suchen“ would drop to the page; the new form's „Suchen“ takes it. Once the
 * outcome is shown it comes into view (on a phone). Back, forward or a link do neither. Returns what the form's
 * search calls with the address it asks for.
 */
export function useAfterSearch(address: string, settled: boolean): (asked: string) => void {
  const asked = useRef<{ address: string; focus: boolean } | null>(null);
  useEffect(() => {
    const after = asked.current;
    if (!after || after.address !== address) return;
    if (after.focus) {
      after.focus = false;
      takeLostFocus(() => document.getElementById(SEARCH_SUBMIT_ID));
    }
    if (!settled) return;
    asked.current = null;
    reveal();
  }, [address, settled]);
  return (next) => {
    // The same search again: nothing is rebuilt, and what it shows is there already.
    if (next === address) reveal();
    else asked.current = { address: next, focus: true };
  };
}
