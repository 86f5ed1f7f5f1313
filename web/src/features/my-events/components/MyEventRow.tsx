import { formatEventSpan, type TMyEvent } from '@flohmarkt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { StandCounters } from '@/components/events/StandCounters';
import { paths } from '@/lib/paths';

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
      <StandCounters counts={{ ...event.counts, maxStands: event.maxStands }} block="my-event" />
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
