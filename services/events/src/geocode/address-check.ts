import type { TAddressCheck } from '@flohmarkt/contracts';
import { gazetteer, townKeys, type Gazetteer } from '@flohmarkt/gazetteer';

/**
 * What the offline gazetteer says about a stand's postcode and town (contracts: ADDRESS_CHECK): whether
 * the postcode is a German one, whether the town is one of its places, and the postcode area's point
 * (the stands service measures the 15 km rule from it when a stand has an address but no point).
 * A town fits when it is one of the postcode's places in either spelling ('Koeln' for Köln), the town
 * a short name stands for ('Frankfurt' for Frankfurt am Main), or a part of one ('Köln-Ehrenfeld').
 */
export function checkAddress(postcode: string, town: string, places: Gazetteer = gazetteer()): TAddressCheck {
  const names = places.postcodeNames(postcode);
  if (!names) return { postcodeKnown: false, townFits: false, lat: null, lng: null };
  const typed = townKeys(town);
  const named = places.townNamed(town);
  const townFits =
    (named !== null && names.includes(named)) ||
    names.some((name) => {
      const keys = townKeys(name);
      return typed.strict.startsWith(keys.strict) || typed.loose.startsWith(keys.loose);
    });
  const area = places.searchMatches(postcode, 1)[0]?.result ?? null;
  return { postcodeKnown: true, townFits, lat: area?.lat ?? null, lng: area?.lng ?? null };
}
