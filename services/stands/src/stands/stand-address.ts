import { ADDRESS_MESSAGES, LIMITS, haversineKm, standTooFar, toLatLng, type TStandAddress, type TStandAddressInput } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import type { EventsClient } from '../peers/events-client.js';
import { distanceError } from './stand-rules.js';

/**
 * Where a stand is, checked against its event (every create and edit): the 15 km rule for its point
 * (docs/product.md#registering-a-stand), then its address's rules that the body schema cannot check
 * alone (issue 33), each a 400 naming its field: a postcode Germany has, a town that is one of its
 * places, and the 15 km rule measured from the postcode's area (for a stand with a point of its own,
 * with the area's slack below). The events service answers from the offline gazetteer (contracts ADDRESS_CHECK):
 * it alone holds the gazetteer. An edit that keeps the stored postcode and town and has a point asks
 * nothing: the forms send the stored address with every save, and an edit of a description must not
 * wait for, or fail with, the events service.
 */
export async function checkStandPlace(
  events: EventsClient,
  event: { latitude: string | null; longitude: string | null } | null,
  input: { address?: TStandAddressInput | null; latitude?: number | null; longitude?: number | null },
  stored: Pick<TStandAddress, 'postcode' | 'town'> | null = null,
): Promise<void> {
  const tooFar = distanceError(event, { latitude: input.latitude ?? null, longitude: input.longitude ?? null });
  if (tooFar) throw fail.invalid(tooFar, 'STAND_TOO_FAR');
  const address = input.address;
  if (!address) return;
  const hasPoint = input.latitude != null && input.longitude != null;
  if (hasPoint && stored && stored.postcode === address.postcode && stored.town === address.town) return;
  const check = await events.checkAddress(address.postcode, address.town);
  if (!check.postcodeKnown) throw fail.invalid(ADDRESS_MESSAGES.postcodeUnknown);
  if (!check.townFits) throw fail.invalid(ADDRESS_MESSAGES.postcodeNotInTown(address.postcode, address.town));
  const market = event ? toLatLng(event.latitude, event.longitude) : null;
  const area = toLatLng(check.lat, check.lng);
  if (!market || !area) return;
  const km = haversineKm(market, area);
  if (km > LIMITS.maxStandDistanceKm + (hasPoint ? POSTCODE_AREA_SLACK_KM : 0)) throw fail.invalid(standTooFar(km), 'STAND_TOO_FAR');
}

/**
 * How far a postcode's area point may lie from an address in it: most German postcode areas are a few
 * kilometres across, rural ones up to about twenty. A stand with a point of its own is measured by that
 * point; its address is refused only when even its area is clearly too far (15 km plus this), as a
 * Berlin address on a Frankfurt market: a mistake that would also put Berlin's street at Frankfurt's
 * point in the address search. Without a point the area is all there is, and the 15 km rule applies to it.
 */
const POSTCODE_AREA_SLACK_KM = 10;
