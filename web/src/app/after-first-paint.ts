/** How long the app waits at most for the browser to report its first paint. */
export const FIRST_PAINT_WAIT_MS = 200;

/**
 * Resolves once the browser has shown the page's first contentful paint (the hero the server wrote
 * into the HTML), or after `waitMs` when it does not say (no Paint Timing, or nothing to paint).
 *
 * Why wait: the app's code is often at hand before the browser's first frame, and the browser then
 * runs the app's start (the page's chunk, its reads, React's first render) before it shows anything,
 * so the hero that came with the HTML waits for all of it. Started after the paint, the same work
 * costs the visitor nothing they can see.
 */
export function afterFirstPaint(waitMs = FIRST_PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No Paint Timing here: the timer decides.
    }
  });
}
