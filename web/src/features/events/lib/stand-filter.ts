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
 * stand number, description, the three category kinds and the exhibitor's (or guest's) names.
 */
export function filterStands(stands: TStand[], filter: StandFilter): TStand[] {
  const text = filter.text.trim().toLocaleLowerCase('de-DE');
  return stands.filter(
    (stand) =>
      anyOf(filter.categories, stand.categories) &&
      anyOf(filter.foodCategories, stand.foodCategories) &&
      anyOf(filter.activityCategories, stand.activityCategories) &&
      (!filter.payPalOnly || stand.acceptsPayPal) &&
      (text === '' || searchableText(stand).includes(text)),
  );
}
