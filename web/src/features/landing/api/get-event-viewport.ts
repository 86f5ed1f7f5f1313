import type { TBboxTuple, TEventViewport } from '@flohmarkt/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the map shows: its box [minLng, minLat, maxLng, maxLat] and its zoom level. */
export interface MapView {
  bbox: TBboxTuple;
  zoom: number;
}

/** The list's filters that the map's counts follow too (the place only moves the map). */
export interface ViewportFilters {
  upcoming: boolean;
  /** YYYY-MM-DD, a calendar day in Europe/Berlin. */
  date?: string;
}

export function eventViewportUrl(view: MapView, filters: ViewportFilters): string {
  const search = new URLSearchParams({ bbox: view.bbox.join(','), zoom: String(view.zoom) });
  if (filters.upcoming) search.set('upcoming', 'true');
  if (filters.date) search.set('date', filters.date);
  return `/api/events/viewport?${search.toString()}`;
}

/**
 * GET /api/events/viewport: the events in the map's box as markers (TEventMarker: what the map and
 * its popup show, not whole events), or the server's clusters of them when zoomed out, with how
 * many are in view and in total. The signal is TanStack Query's: when the
 * map moves on before the answer came, the old request is aborted, not waited for.
 */
export function getEventViewport(view: MapView, filters: ViewportFilters, signal?: AbortSignal): Promise<TEventViewport> {
  return api.get<TEventViewport>(eventViewportUrl(view, filters), { signal });
}

export const eventViewportQueryOptions = (view: MapView, filters: ViewportFilters) =>
  queryOptions({
    queryKey: ['events', 'viewport', filters, view],
    queryFn: ({ signal }) => getEventViewport(view, filters, signal),
  });

const sameFilters = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The map's content for `view` (nothing until the map has said what it shows). While the next
 * view loads, the previous answer stays on the map (`isPlaceholderData`), but only under the same
 * filters: counts for another date would be wrong, so then there is nothing until the answer.
 */
export function useEventViewport(view: MapView | null, filters: ViewportFilters) {
  const options = eventViewportQueryOptions(view ?? { bbox: [0, 0, 0, 0], zoom: 0 }, filters);
  return useQuery({
    ...options,
    enabled: view !== null,
    placeholderData: (previous, previousQuery) => (previous && sameFilters(previousQuery?.queryKey[2], filters) ? keepPreviousData(previous) : undefined),
  });
}
