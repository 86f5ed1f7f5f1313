export interface CategoryOption {
  value: string;
  count: number;
  /** One of the 3 most frequent values of its kind (docs/product.md#categories: a star marker). */
  top: boolean;
}

export const TOP_CATEGORY_COUNT = 3;

/**
 * The filter options of one category kind: every value the event's stands use, in the order of
 * the fixed list (values outside it last), with how many stands have it. The 3 most frequent are
 * starred; ties go to the value that comes first in the fixed list.
 */
export function categoryOptions(lists: string[][], order: readonly string[]): CategoryOption[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const value of new Set(list)) counts.set(value, (counts.get(value) ?? 0) + 1);
  const rank = (value: string) => {
    const index = order.indexOf(value);
    return index === -1 ? order.length : index;
  };
  const values = [...counts.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'de'));
  const top = new Set([...values].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || rank(a) - rank(b)).slice(0, TOP_CATEGORY_COUNT));
  return values.map((value) => ({ value, count: counts.get(value) ?? 0, top: top.has(value) }));
}
