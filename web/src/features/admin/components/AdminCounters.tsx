interface Counter {
  label: string;
  value: number | null;
  /** The value is a lower bound (shown as '12+'). */
  atLeast?: boolean;
}

/** The four figures at the top of the dashboard; null while loading. */
export function AdminCounters({ counters }: { counters: Counter[] }) {
  return (
    <dl className="admin-counters">
      {counters.map((counter) => (
        <div key={counter.label} className="admin-counter card">
          <dt className="admin-counter__label">{counter.label}</dt>
          <dd className="admin-counter__value">{counter.value === null ? '…' : `${counter.value.toLocaleString('de-DE')}${counter.atLeast ? '+' : ''}`}</dd>
        </div>
      ))}
    </dl>
  );
}
