import { DATE_LOCALE, type TMarketDayCounts } from '@flohmarkt/contracts';

/**
 * The day's figures in one compact grid, in the order the day asks them: the answers, the check-in, the places.
 * Each label says what it counts on its own: "Antwort offen" (asked, no answer to "Bist du dabei?"), "Platz
 * abgegeben" (the released stands, not the free places), "Nicht abgehakt" (neither "Da" nor "Nicht da" yet;
 * "Ungeprüft" read like a registration not yet approved, and those are not on this list at all).
 */
const FIGURES: { key: keyof TMarketDayCounts; label: string }[] = [
  { key: 'confirmed', label: 'Bestätigt' },
  { key: 'open', label: 'Antwort offen' },
  { key: 'released', label: 'Platz abgegeben' },
  { key: 'present', label: 'Da' },
  { key: 'absent', label: 'Nicht da' },
  { key: 'unknown', label: 'Nicht abgehakt' },
  { key: 'walkUps', label: 'Spontan' },
  { key: 'freePlaces', label: 'Freie Plätze' },
];

/** "1.250", as numbers read in German. */
const count = (n: number) => new Intl.NumberFormat(DATE_LOCALE).format(n);

/** A figure as shown; the free places "0 von 3" as the organiser's overview writes them, where the cap is known. */
function shown(key: keyof TMarketDayCounts, counts: TMarketDayCounts, maxStands: number | null | undefined): string {
  const value = counts[key];
  // No cap on the stands: free places are not counted.
  if (value === null) return '–';
  return key === 'freePlaces' && maxStands != null ? `${count(value)} von ${count(maxStands)}` : count(value);
}

/** The counts of the market day (issue 36), with this phone's waiting ticks already counted in. */
export function DayCounts({ counts, maxStands }: { counts: TMarketDayCounts; maxStands?: number | null }) {
  return (
    <dl className="day-counts" aria-label="Zahlen des Markttags">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className={`day-counts__figure day-counts__figure--${key}`}>
          <dt>{label}</dt>
          <dd>{shown(key, counts, maxStands)}</dd>
        </div>
      ))}
    </dl>
  );
}
