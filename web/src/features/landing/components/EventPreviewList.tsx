import type { TEvent } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatEventSpan } from '@flohmarkt/contracts';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { paths } from '@/lib/paths';

const dayFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit' });
const monthFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', month: 'short' });
const distanceFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/**
 * '1,3 km entfernt'; under 50 m (shown as 0) 'am gesuchten Ort': a market kept at its town's middle
 * (only the place was found) is there to the metre, and '0 km entfernt' reads like a fault.
 */
export function distanceText(km: number): string {
  const shown = distanceFormat.format(km);
  return shown === '0' ? 'am gesuchten Ort' : `${shown} km entfernt`;
}

/** The landing list's events (5 per page), each a link to its page; `eventExtra` (the heart, 'Läuft gerade', issue 19) sits beside the link. */
export function EventPreviewList({ events, eventExtra }: { events: TEvent[]; eventExtra?: (event: TEvent) => ReactNode }) {
  return (
    <ul className="event-list">
      {events.map((event) => {
        const start = new Date(event.startDateTime);
        const stands = event.standCount ?? 0;
        return (
          <li key={event.id}>
            <Link className="event-list__item" to={paths.event(event.id)}>
              <span className="event-list__date" aria-hidden="true">
                <span className="event-list__day">{dayFormat.format(start).replace('.', '')}</span>
                <span className="event-list__month">{monthFormat.format(start).replace('.', '')}</span>
              </span>
              <span className="event-list__text">
                <span className="event-list__name">
                  {event.name} <EventCancelledBadge event={event} />
                </span>
                <span className="event-list__meta">{formatEventSpan(event.startDateTime, event.endDateTime)}</span>
                <span className="event-list__meta">
                  {event.location}
                  {event.distanceKm !== undefined ? ` · ${distanceText(event.distanceKm)}` : ''}
                </span>
                <span className="event-list__stands">{stands === 1 ? '1 Stand' : `${stands} Stände`}</span>
              </span>
            </Link>
            {eventExtra ? <div className="event-list__extra">{eventExtra(event)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
