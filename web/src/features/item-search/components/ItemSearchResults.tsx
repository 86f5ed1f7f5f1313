import { useMemo, useRef } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { useItemSearchPages } from '../api/search-items';
import { groupHits, mapStands } from '../lib/group-hits';
import type { ItemSearch } from '../lib/search-query';
import { HitList } from './HitList';
import { LazyItemSearchMap } from './LazyItemSearchMap';

/** "20 von 45 Treffern", "1 Treffer". */
function shownText(shown: number, total: number): string {
  if (shown < total) return `${shown} von ${total} Treffern`;
  return total === 1 ? '1 Treffer' : `${total} Treffer`;
}

/**
 * The hits of a search: the list grouped by market and stand, the map with a marker per stand, and
 * „Weitere Treffer laden“ while the server counts more than are shown (X-Total-Count).
 */
export function ItemSearchResults({ search }: { search: ItemSearch }) {
  const pages = useItemSearchPages(search);
  const hits = useMemo(() => (pages.data?.pages ?? []).flatMap((page) => page.items), [pages.data]);
  const markets = useMemo(() => groupHits(hits), [hits]);
  const total = Math.max(pages.data?.pages.at(-1)?.total ?? 0, hits.length);
  const listRef = useRef<HTMLDivElement>(null);

  // The first market that grew or came with the next page takes the focus, so a keyboard or screen
  // reader user reads on where the list grew.
  const showMore = async () => {
    const marketsBefore = markets.length;
    const result = await pages.fetchNextPage();
    if (result.isError) return;
    requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>('.hit-market')[Math.max(0, marketsBefore - 1)]?.focus());
  };

  if (pages.isPending) return <Spinner label="Angebote werden gesucht …" />;
  if (pages.isError && !pages.isFetchNextPageError) {
    return (
      <p className="notice notice--error" role="alert">
        {pages.error.message}
      </p>
    );
  }
  if (hits.length === 0) {
    return (
      <div className="empty-state empty-state--box" role="status">
        <p className="empty-state__title">Nichts gefunden. Versuch ein anderes Wort oder einen größeren Umkreis.</p>
      </div>
    );
  }
  return (
    <section className="item-search__results" aria-label="Treffer">
      <div className="item-search__list" ref={listRef}>
        <HitList markets={markets} />
        <div className="hit-pager">
          <p className="hit-pager__count" role="status">
            {shownText(hits.length, total)}
          </p>
          {pages.isFetchNextPageError ? <p className="notice notice--error">{pages.error?.message}</p> : null}
          {pages.hasNextPage ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => void showMore()}
              disabled={pages.isFetchingNextPage}
              aria-busy={pages.isFetchingNextPage || undefined}
            >
              {pages.isFetchingNextPage ? 'Weitere Treffer werden geladen …' : 'Weitere Treffer laden'}
            </button>
          ) : null}
        </div>
      </div>
      <div className="item-search__map">
        <LazyItemSearchMap center={{ lat: search.lat, lng: search.lng }} stands={mapStands(markets)} label={`Karte: Stände mit „${search.q}“`} />
      </div>
    </section>
  );
}
