import type { TGeocodeResult, TLatLng } from '@flohmarkt/contracts';

/**
 * Whether a search result found only a place or postcode, not the address: no street (the gazetteer's
 * towns and postcodes, an online answer naming no street). Its point is the place's middle, which is
 * nobody's house or meeting point.
 */
export function isPlaceOnly(result: TGeocodeResult): boolean {
  return !result.address?.street;
}

/** The place such a result names, short: '10963 Berlin', 'Köln'; the label's first part where it names neither. */
export function placeName(result: TGeocodeResult): string {
  const known = [result.address?.postcode, result.address?.town].filter(Boolean).join(' ');
  return known || result.displayName.split(',')[0]!.trim();
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
