import { useEffect, useState } from 'react';

/** The landing's results section (the map and the list): what a search brings into view. */
export const RESULTS_SECTION_ID = 'ergebnisse';

/**
 * After a search someone asked for (the button, a picked suggestion), the results come into view where they
 * are below the middle of the screen: on a phone the hero fills it, and the search seemed to do nothing. Waits
 * for the asked place to be looked up, and scrolls only to a place found: the notice of one not found stands in
 * the hero, in view. Typing alone (the search commits 800 ms after it) never scrolls: the keyboard is still open.
 * Returns the function a search calls with the place it searches.
 */
export function useRevealResults(place: string, settled: boolean, notFound: boolean): (place: string) => void {
  const [asked, setAsked] = useState<{ place: string } | null>(null);
  useEffect(() => {
    if (!asked || asked.place !== place || !settled) return;
    setAsked(null);
    const results = document.getElementById(RESULTS_SECTION_ID);
    if (notFound || !results || results.getBoundingClientRect().top < window.innerHeight / 2) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    results.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [asked, place, settled, notFound]);
  return (searched) => setAsked({ place: searched.trim() });
}
