import { startTransition, useEffect, useState } from 'react';

/** Stand cards in the list's first render, and how many more follow after each painted frame. */
export const CARDS_PER_FRAME = 12;

/** Runs `next` once the browser has painted the coming frame (a timeout queued from the frame's callback). */
function afterPaint(next: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(next, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How many of a list's `total` items to render: `step` at first, then `step` more after each frame the
 * browser has painted, until all are there (a few frames for 50 stands). Rendered at once, 50 stand
 * cards were one long task on a phone (React's commit and the layout after it), and the page did not
 * answer a tap meanwhile; in slices of 12 each task stays short. The count never shrinks, so a filter
 * that shows fewer and then more again does not start over.
 */
export function useRevealedCount(total: number, step = CARDS_PER_FRAME): number {
  const [count, setCount] = useState(step);
  const complete = count >= total;
  useEffect(() => {
    if (complete) return undefined;
    return afterPaint(() => startTransition(() => setCount((shown) => shown + step)));
  }, [complete, count, step]);
  return Math.min(count, total);
}
