import type { TEvent } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@flohmarkt/contracts';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { paths } from '@/lib/paths';

/** The event a stand belongs to, with the link to its page. */
export function EventInfoCard({ event }: { event: TEvent }) {
  return (
    <section className="card" aria-labelledby="event-info-title">
      <h2 id="event-info-title" className="card__title">
        Flohmarkt
      </h2>
      <p className="event-info__name">
        {event.name} <EventCancelledBadge event={event} />
      </p>
      <p className="muted">{formatDateTime(event.startDateTime)} Uhr</p>
      <p className="muted">{event.location}</p>
      <Link className="button button--outline button--block" to={paths.event(event.id)}>
        Zum Flohmarkt
      </Link>
    </section>
  );
}
