import type { TStand, TStandFeature, TStandsFeatureCollection } from '@flohmarkt/contracts';
import { printedNumber } from '../print/stand-order.js';

/**
 * The approved stands with a position as a GeoJSON FeatureCollection (RFC 7946: longitude, latitude) for anyone's map or GIS:
 * public fields only (number, address as the public sees it, categories, description, PayPal, the
 * stand's page) and no names (not even a label: it may be the holder's name),
 * since a file passed around outlives any later change of a stand holder's mind. Stands without
 * a position have no place on a map and are left out.
 */
export function standsGeoJson(stands: TStand[], standUrl: (id: string) => string): TStandsFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: stands.flatMap((s): TStandFeature[] =>
      s.latitude === null || s.longitude === null
        ? []
        : [
            {
              type: 'Feature',
              id: s.id,
              geometry: { type: 'Point', coordinates: [Number(s.longitude), Number(s.latitude)] },
              properties: {
                standNumber: printedNumber(s),
                // As the public reads it: without the house number while an approximate stand's position is hidden.
                address: s.address ?? null,
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
