import type { TEvent } from '@flohmarkt/contracts';
import { useQueries } from '@tanstack/react-query';
import { draftStandsQueryOptions } from '@/features/stands/api/get-draft-stands';

/** At most this many draft lists are asked for; beyond it the figure is a lower bound. */
export const PENDING_COUNT_MAX_EVENTS = 100;

/**
 * Stands awaiting approval, summed over the draft lists of the events that have not ended (a
 * waiting stand of a past market needs nobody's decision), soonest first. The API has no total
 * for this, so it is one request per event, capped; `complete` says whether every open event was
 * counted.
 */
export function usePendingStandCount(events: TEvent[] | undefined, now: number = Date.now()) {
  const open = (events ?? []).filter((e) => Date.parse(e.endDateTime) >= now).sort((a, b) => a.endDateTime.localeCompare(b.endDateTime));
  const asked = open.slice(0, PENDING_COUNT_MAX_EVENTS);
  return useQueries({
    queries: asked.map((e) => draftStandsQueryOptions(e.id)),
    combine: (results) => ({
      count: results.reduce((sum, r) => sum + (r.data?.length ?? 0), 0),
      isPending: results.some((r) => r.isPending),
      complete: asked.length === open.length,
    }),
  });
}
