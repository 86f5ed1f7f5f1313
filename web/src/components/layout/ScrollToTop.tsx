import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top (the declarative router has no ScrollRestoration). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
