// Without zod: the item search's page (/suche) compares a search with the saved alerts by it and loads no schema for it.

/** What an alert asks for: its place, radius, categories and words (its name aside). */
export interface TAlertAsk {
  lat: number;
  lng: number;
  radiusKm: number;
  categories: readonly string[];
  query: string | null;
}

/** The words of a wish alert as compared: case and spacing make no other search ("  Nähmaschine" is "nähmaschine"). */
function alertWords(query: string | null): string | null {
  return query === null ? null : query.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');
}

/**
 * Whether two alerts ask for the same: the same point, radius, categories (in any order) and words.
 * The service answers a second save of the same alert with the first (one mail, not two, for each
 * match); the item search says a search is saved already by the same rule.
 */
export function sameAlert(a: TAlertAsk, b: TAlertAsk): boolean {
  const categories = new Set(a.categories);
  return (
    a.lat === b.lat &&
    a.lng === b.lng &&
    a.radiusKm === b.radiusKm &&
    alertWords(a.query) === alertWords(b.query) &&
    categories.size === new Set(b.categories).size &&
    b.categories.every((c) => categories.has(c))
  );
}
