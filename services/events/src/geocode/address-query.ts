/**
 * Whether a search looks like a full address: a street with a house number ('Hauptstraße 5',
 * 'Am Markt 12a, Kiel', 'Str. des 17. Juni 100'). Those need the online geocoder: the offline
 * gazetteer knows towns and postcodes, not streets. A five-digit postcode alone is no house number.
 */
export function looksLikeAddress(query: string): boolean {
  const words = query.split(/[\s,;]+/).filter(Boolean);
  return words.some((word, i) => i > 0 && /^\d{1,4}(?:\s?[a-zA-Z])?(?:[-/]\d{1,4}[a-zA-Z]?)?$/.test(word) && /\p{L}/u.test(words[i - 1]!));
}
