import type { TItem, TItemSearchHit } from '@flohmarkt/contracts';

export type HitStand = TItemSearchHit['stand'] & {
  distanceKm: number;
  items: TItem[];
  /** The stand's description matched (a hit without an item). */
  descriptionMatched: boolean;
};

export interface HitMarket {
  event: TItemSearchHit['event'];
  stands: HitStand[];
}

/**
 * The hits as the page shows them: by market, then by stand, each in the order of its best hit
 * (the server ranks by relevance, then distance), so the best match stays on top while later
 * pages add items to a stand already shown.
 */
export function groupHits(hits: readonly TItemSearchHit[]): HitMarket[] {
  const markets = new Map<string, HitMarket>();
  const stands = new Map<string, HitStand>();
  for (const hit of hits) {
    let market = markets.get(hit.event.id);
    if (!market) {
      market = { event: hit.event, stands: [] };
      markets.set(hit.event.id, market);
    }
    let stand = stands.get(hit.stand.id);
    if (!stand) {
      stand = { ...hit.stand, distanceKm: hit.distanceKm, items: [], descriptionMatched: false };
      stands.set(hit.stand.id, stand);
      market.stands.push(stand);
    }
    if (hit.item === null) stand.descriptionMatched = true;
    else if (!stand.items.some((item) => item.id === hit.item?.id)) stand.items.push(hit.item);
  }
  return [...markets.values()];
}

/** A stand on the map, with the name of its market for the popup. */
export type MapStand = Pick<HitStand, 'id' | 'label' | 'latitude' | 'longitude' | 'locationApproximate'> & { marketName: string };

/** Every stand of the grouped hits, once, for the map's markers. */
export function mapStands(markets: readonly HitMarket[]): MapStand[] {
  return markets.flatMap(({ event, stands }) =>
    stands.map(({ id, label, latitude, longitude, locationApproximate }) => ({ id, label, latitude, longitude, locationApproximate, marketName: event.name })),
  );
}
