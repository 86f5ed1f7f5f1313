import type { TMarketDayCounts } from '@flohmarkt/contracts';

/** The day's figures in one compact grid, in the order the day asks them: the answers, the check-in, the places. */
const FIGURES: { key: keyof TMarketDayCounts; label: string }[] = [
  { key: 'confirmed', label: 'Bestätigt' },
  { key: 'open', label: 'Offen' },
  { key: 'released', label: 'Platz frei' },
  { key: 'present', label: 'Da' },
  { key: 'absent', label: 'Nicht da' },
  { key: 'unknown', label: 'Ungeprüft' },
  { key: 'walkUps', label: 'Spontan' },
  { key: 'freePlaces', label: 'Freie Plätze' },
];

/** The counts of the market day (issue 36), with this phone's waiting ticks already counted in. */
export function DayCounts({ counts }: { counts: TMarketDayCounts }) {
  return (
    <dl className="day-counts" aria-label="Zahlen des Markttags">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className={`day-counts__figure day-counts__figure--${key}`}>
          <dt>{label}</dt>
          {/* No cap on the stands: free places are not counted. */}
          <dd>{counts[key] ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
