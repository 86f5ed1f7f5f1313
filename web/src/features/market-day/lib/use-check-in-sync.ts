import type { TCheckIn, TCheckInState, TMarketDay } from '@flohmarkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { isUnauthorizedError } from '@/lib/api-client';
import { applyCheckIn, marketDayQueryKey, sendCheckIn } from '../api/market-day';
import { queueCheckIn, readCheckInQueue, subscribeCheckInQueue, syncCheckInQueue, type PendingCheckIn } from './check-in-queue';

/** How often waiting ticks are tried again while the page is open, besides the `online` event. */
export const CHECK_IN_RETRY_MS = 15_000;

/** A difference between the phone's clock and the server's below this is the answer's travel time, not a wrong clock. */
const CLOCK_NOISE_MS = 10_000;

/**
 * How far the phone's clock is behind the server's (negative: ahead), from an answer's `serverTime`
 * and when it arrived. The server refuses a tick from more than 5 minutes in its future, and the latest
 * tick wins between phones: a phone with a wrong clock stamps its ticks in the server's time.
 */
export function clockOffsetOf(serverTime: string, receivedAt: number): number {
  const offset = Date.parse(serverTime) - receivedAt;
  return Number.isFinite(offset) && Math.abs(offset) > CLOCK_NOISE_MS ? offset : 0;
}

/** A tick the server refused for good, said on the screen with the server's sentence. */
export interface RefusedCheckIn {
  standId: string;
  message: string;
}

/**
 * The phone's check-in (issue 36): a tick is kept first and shown at once, then sent; the waiting
 * ticks go out on page load, at once after a tick, when the network returns and every 15 s.
 * `clockOffsetMs`: clockOffsetOf the last answer (0 while none arrived on this page).
 */
export function useCheckInSync(eventId: string, clockOffsetMs = 0) {
  const queryClient = useQueryClient();
  const pending = useSyncExternalStore(
    subscribeCheckInQueue,
    () => readCheckInQueue(eventId),
    () => readCheckInQueue(eventId),
  );
  const [refused, setRefused] = useState<RefusedCheckIn[]>([]);

  const sync = useCallback(() => {
    if (!navigator.onLine) return;
    const key = marketDayQueryKey(eventId);
    let answered = false;
    void syncCheckInQueue(eventId, sendCheckIn, {
      onSaved: (winner: TCheckIn) => {
        answered = true;
        queryClient.setQueryData<TMarketDay>(key, (day) => applyCheckIn(day, winner));
      },
      onRefused: (entry: PendingCheckIn, message: string) =>
        setRefused((list) => [...list.filter((r) => r.standId !== entry.standId), { standId: entry.standId, message }]),
      onKept: (error) => {
        if (isUnauthorizedError(error)) handleSessionExpired();
      },
    }).then((result) => {
      // Everything answered: the counts, free places and other phones' ticks come with a fresh read.
      if (answered && result === 'synced') void queryClient.invalidateQueries({ queryKey: key });
    });
  }, [eventId, queryClient]);

  useEffect(() => {
    sync();
    const timer = window.setInterval(sync, CHECK_IN_RETRY_MS);
    window.addEventListener('online', sync);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', sync);
    };
  }, [sync]);

  const tick = useCallback(
    (standId: string, state: TCheckInState) => {
      setRefused((list) => list.filter((r) => r.standId !== standId));
      queueCheckIn(eventId, { standId, state, at: new Date(Date.now() + clockOffsetMs).toISOString() });
      sync();
    },
    [eventId, sync, clockOffsetMs],
  );

  return { pending, tick, refused };
}
