import { useEffect, useState } from 'react';

/** setTimeout's longest wait (2^31 − 1 ms, about 24.8 days); a later instant is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;
/** Past the instant, so the render sees the new side of a `now < instant` check. */
const PAST_THE_INSTANT_MS = 20;

/**
 * Renders again at the next of the given instants (ms by the page's clock, `Date.now() + offsetMs`): the
 * check-in buttons open at the window's start and close at its end by themselves. Otherwise only a refresh of
 * the list would notice the time, and offline, at the gate, none comes.
 */
export function useRenderAt(instants: readonly number[], offsetMs: number): void {
  const [renders, setRenders] = useState(0);
  const now = Date.now() + offsetMs;
  const next = Math.min(...instants.filter((instant) => instant > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return undefined;
    const wait = Math.min(next - (Date.now() + offsetMs) + PAST_THE_INSTANT_MS, LONGEST_TIMEOUT_MS);
    const timer = window.setTimeout(() => setRenders((n) => n + 1), wait);
    return () => window.clearTimeout(timer);
    // `renders` too: after a step of a long wait, the next step is scheduled.
  }, [next, offsetMs, renders]);
}
