import { CHECK_IN_STAND, GET_MARKET_DAY, REMIND_CONFIRMATIONS, type TEvent, type TMarketDay } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, callQueryKey } from '@/lib/api-call';
import type { PendingCheckIn } from '../lib/check-in-queue';
import { keepMarketDay } from '../lib/kept-market-day';

/*
 * The market day's calls (issue 36): the team's list with counts, one stand's check-in, and the
 * organiser's one reminder of the stands that have not reconfirmed.
 */

/** How often the list reloads while the page is visible and the phone online: the day view refreshes by itself. */
export const MARKET_DAY_REFRESH_MS = 20_000;

export const marketDayQueryKey = (eventId: string) => callQueryKey(GET_MARKET_DAY, { params: { id: eventId } });

/**
 * The list, reloaded every 20 s while visible and online (TanStack Query pauses the timer in a hidden
 * tab), and again when the network returns. Each answer is kept for a reload without reception.
 */
export function useMarketDay(eventId: string, online: boolean, event: TEvent | undefined) {
  const query = useQuery({
    queryKey: marketDayQueryKey(eventId),
    queryFn: ({ signal }) => callApi(GET_MARKET_DAY, { params: { id: eventId }, signal }),
    // Never fresh for long: the day changes by the minute (the app's other reads never go stale).
    staleTime: 0,
    refetchInterval: online ? MARKET_DAY_REFRESH_MS : false,
    refetchOnReconnect: true,
  });
  // Kept with the market's facts, whichever of the two reads answers last.
  useEffect(() => {
    if (query.data) keepMarketDay(query.data, event);
  }, [query.data, event]);
  return query;
}

/** One tick as it was made, with its own time: the server answers the stand's winning check-in. */
export function sendCheckIn(entry: PendingCheckIn) {
  return callApi(CHECK_IN_STAND, { params: { id: entry.standId }, body: { state: entry.state, at: entry.at } });
}

/** The server's answer for a stand, written into the kept list at once (the next reload brings the counts). */
export function applyCheckIn(day: TMarketDay | undefined, winner: { standId: string; state: TMarketDay['stands'][number]['checkIn']; at: string | null }) {
  if (!day) return day;
  return { ...day, stands: day.stands.map((s) => (s.id === winner.standId ? { ...s, checkIn: winner.state, checkInAt: winner.at } : s)) };
}

/** "Offene erinnern": once per market, the stands that have not answered the reconfirmation. */
export function useRemindConfirmations(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(REMIND_CONFIRMATIONS, { params: { id: eventId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketDayQueryKey(eventId) }),
  });
}
