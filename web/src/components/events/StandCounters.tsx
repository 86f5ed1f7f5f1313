import { DATE_LOCALE } from '@flohmarkt/contracts';

interface StandCounts {
  approved: number;
  pending: number;
  waitlisted: number;
  /** Null for a market without a cap. */
  freePlaces: number | null;
  maxStands: number | null | undefined;
}

/** "1.250", as numbers read in German. */
const count = (n: number | null | undefined) => new Intl.NumberFormat(DATE_LOCALE).format(n ?? 0);

/** The counters in the order an organiser reads them; free places only with a cap. */
function counters({ approved, pending, waitlisted, freePlaces, maxStands }: StandCounts): { label: string; value: string }[] {
  return [
    { label: 'Genehmigt', value: count(approved) },
    { label: 'Wartend', value: count(pending) },
    { label: 'Warteliste', value: count(waitlisted) },
    { label: 'Freie Plätze', value: freePlaces === null ? 'unbegrenzt' : `${count(freePlaces)} von ${count(maxStands)}` },
  ];
}

/** A market's stand counters as a list of terms ("Meine Flohmärkte", the event page's overview); `block` names its classes. */
export function StandCounters({ counts, block }: { counts: StandCounts; block: 'my-event' | 'stand-overview' }) {
  return (
    <dl className={`${block}__counters`}>
      {counters(counts).map((c) => (
        <div key={c.label} className={`${block}__counter`}>
          <dt>{c.label}</dt>
          <dd>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}
