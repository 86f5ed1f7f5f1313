/** The event's files on the server: everything public for anyone, the stand table for the organiser and admins. */
const PUBLIC_FILES = [
  { file: 'poster.pdf', label: 'Plakat mit QR-Code (PDF)' },
  { file: 'stand-list.pdf', label: 'Standliste (PDF)' },
  { file: 'stand-map.pdf', label: 'Standplan (PDF)' },
] as const;
const ORGANIZER_FILES = [
  { file: 'stands.csv', label: 'Stände als Tabelle (CSV für Excel)' },
  { file: 'stands.geojson', label: 'Stände als GeoJSON' },
] as const;

/**
 * "Zum Ausdrucken": the printed kit, made by the server from the current data when opened. The
 * server decides who may have the CSV (organiser or admin); this card only leaves out links that
 * would answer 403.
 */
export function PrintKitCard({ eventId, manage }: { eventId: string; manage: boolean }) {
  const href = (file: string) => `/api/events/${encodeURIComponent(eventId)}/${file}`;
  return (
    <section className="card print-kit" aria-labelledby="print-kit-title">
      <h2 id="print-kit-title" className="card__title">
        Zum Ausdrucken
      </h2>
      <ul>
        {PUBLIC_FILES.map(({ file, label }) => (
          <li key={file}>
            <a href={href(file)} target="_blank" rel="noopener">
              {label}
              <span className="visually-hidden"> (öffnet in neuem Tab)</span>
            </a>
          </li>
        ))}
        {manage
          ? ORGANIZER_FILES.map(({ file, label }) => (
              <li key={file}>
                <a href={href(file)} download>
                  {label}
                </a>
              </li>
            ))
          : null}
      </ul>
    </section>
  );
}
