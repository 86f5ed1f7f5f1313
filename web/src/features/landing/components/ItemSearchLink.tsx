import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useLandingGeocode } from '../api/geocode';
import { PLACE_PARAM } from '../lib/use-landing-filters';

/**
 * Under the hero search: the way to the item search (issue 35), taking the place searched here
 * along (its point from the lookup the landing page made already, so no request of its own).
 */
export function ItemSearchLink() {
  const [params] = useSearchParams();
  const place = params.get(PLACE_PARAM)?.trim() ?? '';
  const found = useLandingGeocode(place).data;
  const link = found ? { label: place, lat: found.lat, lng: found.lng } : { label: place };
  return (
    <p className="hero__item-search">
      Suchst du etwas Bestimmtes? <Link to={paths.itemSearch(link)}>Nach Dingen suchen</Link>
    </p>
  );
}
