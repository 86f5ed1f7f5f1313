import type { TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { useFavouriteIds } from '../api/favourites';
import '../favourites.css';
import { paths } from '@/lib/paths';

/**
 * 'Gemerkte Stände (3) · Meine Runde planen' on the event page: how many of its stands are marked, and the
 * way there. It names the stands: beside the market's own heart ('Gemerkt'), 'Merkliste (0)' read as if
 * the market kept had not been kept.
 */
export function MerklisteLink({ eventId, stands }: { eventId: string; stands: readonly TStand[] | undefined }) {
  const ids = useFavouriteIds('stands');
  const count = (stands ?? []).filter((stand) => ids.includes(stand.id)).length;
  return (
    <Link className="button button--ghost merkliste-link" to={paths.merkliste(eventId)}>
      <span className="merkliste-link__part">Gemerkte Stände ({count})</span> · <span className="merkliste-link__part">Meine Runde planen</span>
    </Link>
  );
}
