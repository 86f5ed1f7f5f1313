import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was left (its location key): Back returns there. */
const positions = new Map<string, number>();
/** How long a restore waits for a page's lists (cached data arrives in a few frames). */
const RESTORE_MS = 2000;

/**
 * A new page starts at the top; Back and Forward return to where the page was left, e.g. the
 * 40th stand of a market (the declarative router has no ScrollRestoration). A filter that only
 * replaces the address keeps the place.
 */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();

  useLayoutEffect(() => {
    const target = navigation === 'POP' ? (positions.get(key) ?? 0) : 0;
    // The top is always there at once (and a page may then move to a #part of its own).
    if (target === 0) return void window.scrollTo(0, 0);
    const until = performance.now() + RESTORE_MS;
    const root = document.documentElement;
    let frame = 0;
    // The page grows over a few frames, also above the place once it is reached (a list that comes a
    // moment later): the browser's scroll anchoring would then follow the content below and land
    // lower, so it is off and the place held until the page has settled. A person who scrolls or types meanwhile wins.
    root.style.overflowAnchor = 'none';
    const stop = () => {
      cancelAnimationFrame(frame);
      root.style.overflowAnchor = '';
    };
    const restore = () => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
      if (performance.now() < until) frame = requestAnimationFrame(restore);
      else stop();
    };
    restore();
    for (const type of ['wheel', 'touchstart', 'keydown']) window.addEventListener(type, stop, { once: true, passive: true });
    return () => {
      stop();
      for (const type of ['wheel', 'touchstart', 'keydown']) window.removeEventListener(type, stop);
    };
    // Only a new page moves the view; its key and navigation are read as they are then.
  }, [pathname]);

  // Remembered per entry (after the restore above has read it); a replaced address takes the place over at once.
  useLayoutEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    save();
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);
  return null;
}
