import { pointFarFromLocationMessage } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { disagreement, typedPlace } from '../geocode/typed-place.js';

/**
 * Issue 30: an event's point and its location text never disagree silently. A point far from the place
 * the text names (outside its towns, beyond LOCATION_POINT_AGREEMENT_KM) is refused with a sentence that
 * names both, unless the organiser confirmed it; a text naming no known place, or no point, is not checked.
 */
export function requirePointAgreesWithLocation(location: string, latitude: number | null, longitude: number | null, confirmed: boolean | undefined): void {
  if (confirmed || latitude === null || longitude === null) return;
  const place = typedPlace(location);
  const far = place ? disagreement(place, { lat: latitude, lng: longitude }) : null;
  if (place && far) throw fail.invalid(pointFarFromLocationMessage(far.km, place.label, far.pointTown), 'POINT_FAR_FROM_LOCATION');
}
