import { SEARCH_ITEMS } from '@flohmarkt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage, callQueryKey } from '@/lib/api-call';
import type { ItemSearch } from '../lib/search-query';

/** Hits per page: the server's own default, so a shared first page is the one it caches. */
export const ITEM_SEARCH_PAGE_SIZE = 20;

/**
 * SEARCH_ITEMS page by page (limit/offset), the total in X-Total-Count: the next page exists while
 * fewer hits than that are loaded. Asked only for a complete search (text and a place's point).
 */
export function useItemSearchPages(search: ItemSearch | null) {
  const query = search
    ? { q: search.q, lat: search.lat, lng: search.lng, radiusKm: search.radiusKm, from: search.from || undefined, to: search.to || undefined }
    : null;
  return useInfiniteQuery({
    queryKey: [...callQueryKey(SEARCH_ITEMS), 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      callApiPage(SEARCH_ITEMS, { query: { ...query!, limit: String(ITEM_SEARCH_PAGE_SIZE), offset: String(pageParam) }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page ends it too: the total may have shrunk while paging.
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: query !== null,
  });
}
