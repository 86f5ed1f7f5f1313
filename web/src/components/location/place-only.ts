import type { TGeocodeResult, TLatLng } from '@flohmarkt/contracts';

/**
 * Whether a search result found only a place or postcode, not the address: no street (the gazetteer's
 * towns and postcodes, an online answer naming no street). Its point is the place's middle, which is
 * nobody's house or meeting point.
 */
export function isPlaceOnly(result: TGeocodeResult): boolean {
  return !result.address?.street;
}

/**
 * Where such a result's point stands, short: the town ('Berlin' also for '10963 Berlin': the offline
 * gazetteer puts a postcode at its town's middle, so naming the postcode would promise a precision the
 * point does not have); the label's first part where no town is known.
 */
export function placeName(result: TGeocodeResult): string {
  return result.address?.town || result.displayName.split(',')[0]!.trim();
}

/** A notice about a chosen result's point, said while the point is still that one. */
export interface PointNotice {
  text: string;
  at: TLatLng;
}

/** The notice's text while the point stands where the result put it; null once it was moved or removed. */
export function noticeAt(notice: PointNotice | null, point: TLatLng | null): string | null {
  if (!notice || !point) return null;
  return notice.at.lat === point.lat && notice.at.lng === point.lng ? notice.text : null;
}
