import { toLatLng, type TLatLng } from '@flohmarkt/contracts';
import { cellCentre } from '../privacy/location-cell.js';
import { positionHidden } from '../privacy/stand-privacy.js';

export interface PublicPoint extends TLatLng {
  /** Measured from the cell's centre: the stand's position is still hidden. */
  approximate: boolean;
}

/**
 * Where the public sees a stand, as its public read shows it (privacy/stand-privacy.ts): an
 * approximate stand before 00:00 Berlin of the market's first day at its cell's centre, any other at
 * its own point; a stand without a point at its market's point. The search measures its distance
 * from here, so the order of the hits tells nothing the stand's read would not. Null: no point at all.
 */
export function publicPoint(
  stand: { latitude: string | null; longitude: string | null; locationPrecision: string },
  event: { startDateTime: string; latitude: string | null; longitude: string | null },
  now: Date,
): PublicPoint | null {
  const own = toLatLng(stand.latitude, stand.longitude);
  if (!own) {
    const market = toLatLng(event.latitude, event.longitude);
    return market && { ...market, approximate: false };
  }
  if (stand.locationPrecision !== 'approximate' || !positionHidden(event, now)) return { ...own, approximate: false };
  const centre = cellCentre(own.lat, own.lng);
  return { lat: Number(centre.latitude), lng: Number(centre.longitude), approximate: true };
}
