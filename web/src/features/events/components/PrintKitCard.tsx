import { GET_EVENT_POSTER, GET_EVENT_STAND_LIST, GET_EVENT_STAND_MAP, GET_EVENT_STANDS_CSV, GET_EVENT_STANDS_GEOJSON } from '@flohmarkt/contracts';
import { callUrl } from '@/lib/api-call';
import { NewTabLink } from '@/components/ui/NewTabLink';

/** The event's files on the server: everything public for anyone, the stand table for the organiser and admins. */
const PUBLIC_FILES = [
  { call: GET_EVENT_POSTER, label: 'Plakat mit QR-Code (PDF)' },
  { call: GET_EVENT_STAND_LIST, label: 'Standliste (PDF)' },
  { call: GET_EVENT_STAND_MAP, label: 'Standplan (PDF)' },
] as const;
const ORGANIZER_FILES = [
  { call: GET_EVENT_STANDS_CSV, label: 'Stände als Tabelle (CSV für Excel)' },
  { call: GET_EVENT_STANDS_GEOJSON, label: 'Stände als GeoJSON' },
] as const;

/**
 * "Zum Ausdrucken": the printed kit, made by the server from the current data when opened. The
 * server decides who may have the CSV (organiser or admin); this card only leaves out links that
 * would answer 403.
 */
export function PrintKitCard({ eventId, manage }: { eventId: string; manage: boolean }) {
  const href = (call: (typeof PUBLIC_FILES | typeof ORGANIZER_FILES)[number]['call']) => callUrl(call, { params: { id: eventId } });
  return (
    <section className="card print-kit" aria-labelledby="print-kit-title">
      <h2 id="print-kit-title" className="card__title">
        Zum Ausdrucken
      </h2>
      <ul>
        {PUBLIC_FILES.map(({ call, label }) => (
          <li key={call.path}>
            <NewTabLink href={href(call)} rel="noopener">
              {label}
            </NewTabLink>
          </li>
        ))}
        {manage
          ? ORGANIZER_FILES.map(({ call, label }) => (
              <li key={call.path}>
                <a href={href(call)} download>
                  {label}
                </a>
              </li>
            ))
          : null}
      </ul>
    </section>
  );
}
