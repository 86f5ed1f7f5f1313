import { useEffect, useRef, useState } from 'react';

/** The landing's results section (the map and the list): what a search brings into view. */
export const RESULTS_SECTION_ID = 'ergebnisse';

/**
 * After a search someone asked for (the button, a picked suggestion), the results come into view where they
 * are below the middle of the screen: on a phone the hero fills it, and the search seemed to do nothing. Waits
 * for the asked place to be looked up, and scrolls only to a place found: the notice of one not found stands in
 * the hero, in view. Typing alone (the search commits 800 ms after it) never scrolls: the keyboard is still open.
 * An ask lapses once the searched place has moved on before it settled (the person typed on): searching that
 * place again later by typing alone must not scroll. Returns the function a search calls with the place it searches.
 */
export function useRevealResults(place: string, settled: boolean, notFound: boolean): (place: string) => void {
  const [asked, setAsked] = useState<{ place: string } | null>(null);
  // Whether the asked place has been the searched one: the address may take a render to follow the ask.
  const reached = useRef(false);
  useEffect(() => {
    if (!asked) return;
    if (asked.place !== place) {
      if (reached.current) setAsked(null);
      return;
    }
    reached.current = true;
    if (!settled) return;
    setAsked(null);
    const results = document.getElementById(RESULTS_SECTION_ID);
    if (notFound || !results || results.getBoundingClientRect().top < window.innerHeight / 2) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    results.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [asked, place, settled, notFound]);
  return (searched) => {
    reached.current = false;
    setAsked({ place: searched.trim() });
  };
}
