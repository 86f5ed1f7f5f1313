import { HOLD_MINUTES_MAX, holdEndsAt, holdsClosedReason, type TEvent, type THoldsClosedReason } from '@flohmarkt/contracts';
import { useCallback, useEffect, useState } from 'react';

/** The longest wait a browser timer keeps (about 24.8 days); a later end is looked at again on the next visit. */
const MAX_TIMER_MS = 2_147_483_647;

type HoldsEvent = Pick<TEvent, 'status' | 'startDateTime' | 'endDateTime'>;

/** Why no hold can be asked for at `now` (contracts hold-window.ts, the rule the server refuses by), null while one can. */
function reasonAt(event: HoldsEvent | null, holdMinutes: number | undefined, now: Date): THoldsClosedReason | null {
  // Not known yet (the event still loading): offered, and the server decides. Every read of a stand carries its
  // hold time; without it the longest one is assumed, so the button never goes before the seller's time does.
  return event ? holdsClosedReason(event, holdMinutes ?? HOLD_MINUTES_MAX, now) : null;
}

/**
 * Whether the stand page may still offer „Reservieren“: null while it may, else why not. Looked at
 * again when the hold time or the market ends (a timer), when the page comes back into view (a phone
 * woken up later) and by `recheck` right before asking, so the page never offers a hold that is over.
 */
export function useHoldsClosed(
  event: HoldsEvent | null,
  holdMinutes: number | undefined,
): { reason: THoldsClosedReason | null; recheck: () => THoldsClosedReason | null } {
  const [now, setNow] = useState(() => new Date());
  const reason = reasonAt(event, holdMinutes, now);

  const start = event?.startDateTime;
  const end = event?.endDateTime;
  useEffect(() => {
    if (start === undefined || end === undefined) return;
    const next = Math.min(...[holdEndsAt(start, holdMinutes ?? HOLD_MINUTES_MAX).getTime(), Date.parse(end)].filter((at) => at > now.getTime()));
    if (next - now.getTime() > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setNow(new Date()), next - now.getTime());
    return () => clearTimeout(timer);
  }, [start, end, holdMinutes, now]);

  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, []);

  const recheck = useCallback(() => {
    const at = new Date();
    setNow(at);
    return reasonAt(event, holdMinutes, at);
  }, [event, holdMinutes]);

  return { reason, recheck };
}
