/** What ordering needs of a stand. */
export interface Orderable {
  standNumber: string | null;
  createdAt: string;
  id: string;
}

// Numeric collation: "2" before "10", "7a" after "7"; German rules for the letters in between.
const numbers = new Intl.Collator('de-DE', { numeric: true, sensitivity: 'base' });

const numberOf = (s: Orderable): string | null => {
  const trimmed = s.standNumber?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The order of a printed list, map legend and export: numbered stands by their number as a person
 * counts ("2" < "10"), then the stands without a number in the order they registered.
 */
export function byStandNumber(a: Orderable, b: Orderable): number {
  const na = numberOf(a);
  const nb = numberOf(b);
  if (na !== null && nb !== null) return numbers.compare(na, nb) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  if (na !== null) return -1;
  if (nb !== null) return 1;
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** The stand's number as printed, or null when it has none. */
export function printedNumber(s: Pick<Orderable, 'standNumber'>): string | null {
  return numberOf(s as Orderable);
}
