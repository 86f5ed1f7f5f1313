import type { TStand } from '@flohmarkt/contracts';

export interface StandFilter {
  categories: string[];
  foodCategories: string[];
  activityCategories: string[];
  payPalOnly: boolean;
  text: string;
}

export const EMPTY_STAND_FILTER: StandFilter = {
  categories: [],
  foodCategories: [],
  activityCategories: [],
  payPalOnly: false,
  text: '',
};

export function isFilterActive(filter: StandFilter): boolean {
  return (
    filter.categories.length > 0 || filter.foodCategories.length > 0 || filter.activityCategories.length > 0 || filter.payPalOnly || filter.text.trim() !== ''
  );
}

function anyOf(selected: string[], values: string[]): boolean {
  return selected.length === 0 || selected.some((value) => values.includes(value));
}

/** The fields the event page's text search covers (docs/product.md#categories). */
function searchableText(stand: TStand): string {
  return [
    stand.standNumber,
    stand.description,
    ...stand.categories,
    ...stand.foodCategories,
    ...stand.activityCategories,
    stand.exhibitor?.firstName,
    stand.exhibitor?.lastName,
    stand.guestFirstName,
    stand.guestLastName,
  ]
    .filter(Boolean)
    .join('\n')
    .toLocaleLowerCase('de-DE');
}

/**
 * Stand filters of the event page (docs/product.md#categories): within a kind any selected value matches,
 * the kinds, PayPal only and the text combine with AND. The text search is case-insensitive over
 * stand number, description, the three category kinds and the exhibitor's (or guest's) names; each of
 * its words must be found.
 */
export function filterStands(stands: TStand[], filter: StandFilter): TStand[] {
  // Every typed word must be found, anywhere: „Schallplatten Krautrock“ finds „Schallplatten (Jazz, Krautrock)“.
  const words = filter.text.toLocaleLowerCase('de-DE').split(/\s+/).filter(Boolean);
  return stands.filter((stand) => {
    if (!anyOf(filter.categories, stand.categories) || !anyOf(filter.foodCategories, stand.foodCategories)) return false;
    if (!anyOf(filter.activityCategories, stand.activityCategories) || (filter.payPalOnly && !stand.acceptsPayPal)) return false;
    if (words.length === 0) return true;
    const text = searchableText(stand);
    return words.every((word) => text.includes(word));
  });
}
