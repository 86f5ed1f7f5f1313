import { ITEM_SEARCH_RADIUS_DEFAULT_KM, toLatLng, type TEvent } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/**
 * The market page's way into the item search (issue 35), set to the market's place: its point when
 * it has one, else its address, which the search looks up when sent.
 */
export function ItemSearchNearLink({ event }: { event: Pick<TEvent, 'location' | 'latitude' | 'longitude'> }) {
  const point = toLatLng(event.latitude, event.longitude);
  return (
    <p className="item-search-near">
      <Link
        className="button button--outline"
        to={paths.itemSearch({ label: event.location, lat: point?.lat, lng: point?.lng, radiusKm: ITEM_SEARCH_RADIUS_DEFAULT_KM })}
      >
        In der Nähe nach Dingen suchen
      </Link>
    </p>
  );
}
