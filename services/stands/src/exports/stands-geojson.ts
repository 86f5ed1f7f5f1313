import type { TStand } from '@flohmarkt/contracts';
import { printedNumber } from '../print/stand-order.js';

/** RFC 7946: WGS 84 longitude, latitude; a feature's properties are free. */
export interface StandFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    standNumber: string | null;
    categories: string[];
    foodCategories: string[];
    activityCategories: string[];
    description: string | null;
    acceptsPayPal: boolean;
    url: string;
  };
}

export interface StandsFeatureCollection {
  type: 'FeatureCollection';
  features: StandFeature[];
}

/**
 * The approved stands with a position as a GeoJSON FeatureCollection for anyone's map or GIS:
 * public fields only (number, categories, description, PayPal, the stand's page) and no names,
 * since a file passed around outlives any later change of a stand holder's mind. Stands without
 * a position have no place on a map and are left out.
 */
export function standsGeoJson(stands: TStand[], standUrl: (id: string) => string): StandsFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: stands.flatMap((s): StandFeature[] =>
      s.latitude === null || s.longitude === null
        ? []
        : [
            {
              type: 'Feature',
              id: s.id,
              geometry: { type: 'Point', coordinates: [Number(s.longitude), Number(s.latitude)] },
              properties: {
                standNumber: printedNumber(s),
                categories: s.categories,
                foodCategories: s.foodCategories,
                activityCategories: s.activityCategories,
                description: s.description,
                acceptsPayPal: s.acceptsPayPal,
                url: standUrl(s.id),
              },
            },
          ],
    ),
  };
}
