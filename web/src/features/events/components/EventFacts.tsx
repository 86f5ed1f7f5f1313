import { toLatLng, type TEvent, formatDateTime } from '@flohmarkt/contracts';
import { RegistrationDeadline } from '@/components/ui/RegistrationDeadline';
import { freePlacesText } from '@/lib/capacity';
import { isCancelled } from '@/lib/event-status';
import { navigationUrl, telUrl } from '@/lib/event-links';
import { FactRow } from '@/components/ui/FactRow';
import { NewTabLink } from '@/components/ui/NewTabLink';

/** The event's facts: dates, place, stands, contact, website and the navigation link. */
export function EventFacts({ event, standCount }: { event: TEvent; standCount: number }) {
  const point = toLatLng(event.latitude, event.longitude);
  // A cancelled market has no places to take and no way there worth planning.
  const cancelled = isCancelled(event);
  const places = cancelled ? null : freePlacesText(event);
  return (
    <section className="card event-facts" aria-labelledby="event-facts-title">
      <h2 id="event-facts-title" className="card__title">
        Auf einen Blick
      </h2>
      <dl className="facts">
        <FactRow label="Beginn">{formatDateTime(event.startDateTime)} Uhr</FactRow>
        <FactRow label="Ende">{formatDateTime(event.endDateTime)} Uhr</FactRow>
        <FactRow label="Ort">{event.location}</FactRow>
        <FactRow label="Angemeldete Stände">{standCount}</FactRow>
        {places ? (
          <FactRow label="Plätze" valueClassName={event.freePlaces === 0 ? 'facts__booked-up' : undefined}>
            {places}
          </FactRow>
        ) : null}
        {event.contactEmail ? (
          <FactRow label="E-Mail">
            <a href={`mailto:${event.contactEmail}`}>{event.contactEmail}</a>
          </FactRow>
        ) : null}
        {event.contactPhone ? (
          <FactRow label="Telefon">
            <a href={telUrl(event.contactPhone)}>{event.contactPhone}</a>
          </FactRow>
        ) : null}
        {event.websiteUrl ? (
          <FactRow label="Webseite">
            <NewTabLink href={event.websiteUrl}>{event.websiteLinkText?.trim() || 'Webseite besuchen'}</NewTabLink>
          </FactRow>
        ) : null}
      </dl>
      {cancelled ? null : <RegistrationDeadline event={event} className="facts__deadline" />}
      {point && !cancelled ? (
        <a className="button button--outline button--block" href={navigationUrl(point)} target="_blank" rel="noopener noreferrer">
          Route planen
          <span className="visually-hidden"> (OpenStreetMap, öffnet in neuem Tab)</span>
        </a>
      ) : null}
    </section>
  );
}
