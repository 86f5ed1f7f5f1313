import { DATE_LOCALE, formatEventSpan, type TMyEvent } from '@flohmarkt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { paths } from '@/lib/paths';

/** "1.250", as numbers read in German. */
const count = (n: number | null | undefined) => new Intl.NumberFormat(DATE_LOCALE).format(n ?? 0);

/** The counters in the order an organiser reads them (as on the event page's overview); free places only with a cap. */
function counters({ counts, maxStands }: TMyEvent): { label: string; value: string }[] {
  return [
    { label: 'Genehmigt', value: count(counts.approved) },
    { label: 'Wartend', value: count(counts.pending) },
    { label: 'Warteliste', value: count(counts.waitlisted) },
    { label: 'Freie Plätze', value: counts.freePlaces === null ? 'ohne Begrenzung' : `${count(counts.freePlaces)} von ${count(maxStands)}` },
  ];
}

/** One market of "Meine Flohmärkte": name, date, place, its counters, and the way to its review list. */
export function MyEventRow({ event }: { event: TMyEvent }) {
  const titleId = useId();
  const waiting = event.counts.pending + event.counts.waitlisted;
  return (
    <li className="my-event" aria-labelledby={titleId}>
      <div className="my-event__head">
        <Link id={titleId} className="my-event__title" to={paths.event(event.id)}>
          {event.name}
        </Link>
        <EventCancelledBadge event={event} />
      </div>
      <p className="my-event__meta">
        {formatEventSpan(event.startDateTime, event.endDateTime)}
        <br />
        {event.location}
      </p>
      <dl className="my-event__counters">
        {counters(event).map((c) => (
          <div key={c.label} className="my-event__counter">
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <div className="my-event__actions">
        <Link className={`button button--small ${waiting > 0 ? 'button--primary' : 'button--outline'}`} to={paths.eventReviewList(event.id)}>
          Anmeldungen prüfen{waiting > 0 ? ` (${waiting})` : ''}
        </Link>
        <Link className="button button--ghost button--small" to={paths.eventEdit(event.id)}>
          Bearbeiten
        </Link>
      </div>
    </li>
  );
}
