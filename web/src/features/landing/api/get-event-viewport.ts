import { GET_EVENT_VIEWPORT, type CallQuery, type TBboxTuple } from '@flohmarkt/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

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

/** The call's query: the box and zoom, and the filters that are set. */
function viewportQuery(view: MapView, filters: ViewportFilters): CallQuery<typeof GET_EVENT_VIEWPORT> {
  return { bbox: view.bbox.join(','), zoom: view.zoom, upcoming: filters.upcoming || undefined, date: filters.date || undefined };
}

/** Whether an earlier answer's key (its query at [1]) was asked with these filters. */
function askedWithFilters(key: readonly unknown[] | undefined, filters: ViewportFilters): boolean {
  const query = key?.[1] as CallQuery<typeof GET_EVENT_VIEWPORT> | undefined;
  const wanted = viewportQuery({ bbox: [0, 0, 0, 0], zoom: 0 }, filters);
  return query !== undefined && query.upcoming === wanted.upcoming && query.date === wanted.date;
}

/**
 * GET_EVENT_VIEWPORT for `view` (nothing until the map has said what it shows): the events in the
 * map's box as markers (TEventMarker: what the map and its popup show, not whole events), or the
 * server's clusters of them when zoomed out, with how many are in view and in total. When the map
 * moves on before the answer came, the old request is aborted (callQueryOptions), not waited for.
 * While the next view loads, the previous answer stays on the map (`isPlaceholderData`), but only
 * under the same filters: counts for another date would be wrong, so then there is nothing until the answer.
 */
export function useEventViewport(view: MapView | null, filters: ViewportFilters) {
  return useQuery({
    ...callQueryOptions(GET_EVENT_VIEWPORT, { query: viewportQuery(view ?? { bbox: [0, 0, 0, 0], zoom: 0 }, filters) }),
    enabled: view !== null,
    placeholderData: (previous, previousQuery) => (previous && askedWithFilters(previousQuery?.queryKey, filters) ? keepPreviousData(previous) : undefined),
  });
}
