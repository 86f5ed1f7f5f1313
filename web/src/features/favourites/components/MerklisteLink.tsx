import type { TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { useFavouriteIds } from '../api/favourites';
import '../favourites.css';
import { paths } from '@/lib/paths';

/** 'Merkliste (3) · Meine Runde planen' on the event page: how many of its stands are marked, and the way there. */
export function MerklisteLink({ eventId, stands }: { eventId: string; stands: readonly TStand[] | undefined }) {
  const ids = useFavouriteIds('stands');
  const count = (stands ?? []).filter((stand) => ids.includes(stand.id)).length;
  return (
    <Link className="button button--ghost merkliste-link" to={paths.merkliste(eventId)}>
      Merkliste ({count}) · Meine Runde planen
    </Link>
  );
}
