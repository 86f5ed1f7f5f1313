interface Counter {
  label: string;
  value: number | null;
}

/** The four figures at the top of the dashboard; null while loading. */
export function AdminCounters({ counters }: { counters: Counter[] }) {
  return (
    <dl className="admin-counters">
      {counters.map((counter) => (
        <div key={counter.label} className="admin-counter card">
          <dt className="admin-counter__label">{counter.label}</dt>
          <dd className="admin-counter__value">{counter.value === null ? '…' : counter.value.toLocaleString('de-DE')}</dd>
        </div>
      ))}
    </dl>
  );
}
