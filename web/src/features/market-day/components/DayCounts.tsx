import type { ReactNode } from 'react';
import { DATE_LOCALE, type TMarketDayCounts } from '@flohmarkt/contracts';

/**
 * The day's figures in one compact grid, in the order the day asks them: the answers, the check-in, the places.
 * Each label says what it counts on its own: "Antwort offen" (asked, no answer to "Bist du dabei?"), "Platz
 * abgegeben" (the released stands, not the free places), "Nicht abgehakt" (neither "Da" nor "Nicht da" yet;
 * "Ungeprüft" read like a registration not yet approved, and those are not on this list at all).
 */
const FIGURES: { key: keyof TMarketDayCounts; label: string; answer?: true }[] = [
  { key: 'confirmed', label: 'Bestätigt', answer: true },
  { key: 'open', label: 'Antwort offen', answer: true },
  { key: 'released', label: 'Platz abgegeben', answer: true },
  { key: 'present', label: 'Da' },
  { key: 'absent', label: 'Nicht da' },
  { key: 'unknown', label: 'Nicht abgehakt' },
  { key: 'walkUps', label: 'Spontan' },
  { key: 'freePlaces', label: 'Freie Plätze' },
];

/** "1.250", as numbers read in German. */
const count = (n: number) => new Intl.NumberFormat(DATE_LOCALE).format(n);

/**
 * A figure as shown; the free places "0 von 3" as the organiser's overview writes them, where the cap is
 * known: "von 3" small under the figure, so that it lines up with the others instead of wrapping in its tile.
 */
function shown(key: keyof TMarketDayCounts, counts: TMarketDayCounts, maxStands: number | null | undefined): ReactNode {
  const value = counts[key];
  // No cap on the stands: free places are not counted.
  if (value === null) return '–';
  if (key !== 'freePlaces' || maxStands == null) return count(value);
  return (
    <>
      {count(value)}
      <span className="day-counts__of"> von {count(maxStands)}</span>
    </>
  );
}

interface DayCountsProps {
  counts: TMarketDayCounts;
  maxStands?: number | null;
  /** Whether the market asks its sellers "Bist du dabei?": without it, three zeros about answers nobody was asked for only confuse. */
  reconfirmation: boolean;
}

/** The counts of the market day (issue 36), with this phone's waiting ticks already counted in. */
export function DayCounts({ counts, maxStands, reconfirmation }: DayCountsProps) {
  // An answer given before the organiser switched the question off still shows.
  const figures = FIGURES.filter(({ key, answer }) => !answer || reconfirmation || (counts[key] ?? 0) > 0);
  return (
    <dl className="day-counts" aria-label="Zahlen des Markttags">
      {figures.map(({ key, label }) => (
        <div key={key} className={`day-counts__figure day-counts__figure--${key}`}>
          <dt>{label}</dt>
          <dd>{shown(key, counts, maxStands)}</dd>
        </div>
      ))}
    </dl>
  );
}
