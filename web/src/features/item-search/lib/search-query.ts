import { ITEM_SEARCH_RADIUS_DEFAULT_KM, ITEM_SEARCH_RADIUS_MAX_KM } from '@flohmarkt/contracts';
import { ITEM_SEARCH_PARAMS as P } from '@/lib/paths';

/** The radii offered; the largest is the server's limit. */
export const SEARCH_RADII_KM = [5, 10, 25, ITEM_SEARCH_RADIUS_MAX_KM] as const;

/** The search as the address holds it (/suche?q=…&ort=…&lat=…&lng=…&umkreis=…&von=…&bis=…). */
export interface ItemSearchForm {
  q: string;
  /** The place's name as picked; its point is lat/lng. */
  label: string;
  lat: number | null;
  lng: number | null;
  radiusKm: number;
  /** Berlin days (YYYY-MM-DD) or ''. */
  from: string;
  to: string;
}

/** A search the server can answer: text and a point. */
export type ItemSearch = ItemSearchForm & { lat: number; lng: number };

function coordinate(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The search of an address; a radius not offered falls back to the default, so the select always shows it. */
export function readSearch(params: URLSearchParams): ItemSearchForm {
  const radius = Number(params.get(P.radiusKm));
  return {
    q: params.get(P.q)?.trim() ?? '',
    label: params.get(P.label)?.trim() ?? '',
    lat: coordinate(params.get(P.lat)),
    lng: coordinate(params.get(P.lng)),
    radiusKm: (SEARCH_RADII_KM as readonly number[]).includes(radius) ? radius : ITEM_SEARCH_RADIUS_DEFAULT_KM,
    from: params.get(P.from) ?? '',
    to: params.get(P.to) ?? '',
  };
}

/** The search to send, or null while the text or the place is missing (nothing to ask yet). */
export function completeSearch(form: ItemSearchForm): ItemSearch | null {
  if (form.q === '' || form.lat === null || form.lng === null) return null;
  return { ...form, lat: form.lat, lng: form.lng };
}
