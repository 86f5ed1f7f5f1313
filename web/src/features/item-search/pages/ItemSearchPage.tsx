import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useItemSearchPages } from '../api/search-items';
import { ItemSearchForm } from '../components/ItemSearchForm';
import { ItemSearchResults } from '../components/ItemSearchResults';
import { SaveWishAlert } from '../components/SaveWishAlert';
import { completeSearch, readSearch } from '../lib/search-query';
import { SEARCH_OUTCOME_ID, useAfterSearch } from '../lib/use-after-search';
import '../item-search.css';

/**
 * /suche (issue 35): items and stand descriptions of approved stands at upcoming markets near a
 * place. The search lives in the address, so a shared link shows the same hits and the back button
 * the previous search.
 */
export function ItemSearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = readSearch(params);
  const search = completeSearch(form);
  const address = params.toString();
  // The hits' own read (ItemSearchResults shares it): whether the outcome of a search is shown yet.
  const pages = useItemSearchPages(search);
  const searched = useAfterSearch(address, search !== null && !pages.isPending);

  return (
    <article className="item-search container">
      <title>Angebote suchen – Flohmarkt</title>
      <h1 className="item-search__title">Angebote suchen</h1>
      <p className="item-search__lead">Was gibt es wo? Finde Dinge auf den Ständen der kommenden Flohmärkte in deiner Nähe.</p>
      {/* Keyed by the address: back, forward or a new link show what the address says. */}
      <ItemSearchForm
        key={address}
        initial={form}
        onSearch={(next) => {
          const to = paths.itemSearch({ q: next.q, label: next.label, lat: next.lat, lng: next.lng, radiusKm: next.radiusKm, from: next.from, to: next.to });
          searched(new URLSearchParams(to.split('?')[1] ?? '').toString());
          void navigate(to);
        }}
      />
      {search ? (
        <div id={SEARCH_OUTCOME_ID}>
          <SaveWishAlert key={`wish ${address}`} search={search} />
          <ItemSearchResults search={search} />
        </div>
      ) : null}
    </article>
  );
}
