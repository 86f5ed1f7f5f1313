import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { ItemSearchForm } from '../components/ItemSearchForm';
import { ItemSearchResults } from '../components/ItemSearchResults';
import { SaveWishAlert } from '../components/SaveWishAlert';
import { completeSearch, readSearch } from '../lib/search-query';
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

  return (
    <article className="item-search container">
      <title>Angebote suchen – Flohmarkt</title>
      <h1 className="item-search__title">Angebote suchen</h1>
      <p className="item-search__lead">Was gibt es wo? Finde Dinge auf den Ständen der kommenden Flohmärkte in deiner Nähe.</p>
      {/* Keyed by the address: back, forward or a new link show what the address says. */}
      <ItemSearchForm
        key={params.toString()}
        initial={form}
        onSearch={(next) =>
          void navigate(paths.itemSearch({ q: next.q, label: next.label, lat: next.lat, lng: next.lng, radiusKm: next.radiusKm, from: next.from, to: next.to }))
        }
      />
      {search ? <SaveWishAlert key={`wish ${params.toString()}`} search={search} /> : null}
      {search ? <ItemSearchResults search={search} /> : null}
    </article>
  );
}
