import { toLatLng, type TEvent, formatDateTime } from '@flohmarkt/contracts';
import { RegistrationDeadline } from '@/components/ui/RegistrationDeadline';
import { freePlacesText } from '@/lib/capacity';
import { navigationUrl, telUrl } from '@/lib/event-links';
import { NewTabLink } from '@/components/ui/NewTabLink';

/** The event's facts: dates, place, stands, contact, website and the navigation link. */
export function EventFacts({ event, standCount }: { event: TEvent; standCount: number }) {
  const point = toLatLng(event.latitude, event.longitude);
  const places = freePlacesText(event);
  return (
    <section className="card event-facts" aria-labelledby="event-facts-title">
      <h2 id="event-facts-title" className="card__title">
        Auf einen Blick
      </h2>
      <dl className="facts">
        <div className="facts__row">
          <dt>Beginn</dt>
          <dd>{formatDateTime(event.startDateTime)} Uhr</dd>
        </div>
        <div className="facts__row">
          <dt>Ende</dt>
          <dd>{formatDateTime(event.endDateTime)} Uhr</dd>
        </div>
        <div className="facts__row">
          <dt>Ort</dt>
          <dd>{event.location}</dd>
        </div>
        <div className="facts__row">
          <dt>Angemeldete Stände</dt>
          <dd>{standCount}</dd>
        </div>
        {places ? (
          <div className="facts__row">
            <dt>Plätze</dt>
            <dd className={event.freePlaces === 0 ? 'facts__booked-up' : undefined}>{places}</dd>
          </div>
        ) : null}
        {event.contactEmail ? (
          <div className="facts__row">
            <dt>E-Mail</dt>
            <dd>
              <a href={`mailto:${event.contactEmail}`}>{event.contactEmail}</a>
            </dd>
          </div>
        ) : null}
        {event.contactPhone ? (
          <div className="facts__row">
            <dt>Telefon</dt>
            <dd>
              <a href={telUrl(event.contactPhone)}>{event.contactPhone}</a>
            </dd>
          </div>
        ) : null}
        {event.websiteUrl ? (
          <div className="facts__row">
            <dt>Webseite</dt>
            <dd>
              <NewTabLink href={event.websiteUrl}>{event.websiteLinkText?.trim() || 'Webseite besuchen'}</NewTabLink>
            </dd>
          </div>
        ) : null}
      </dl>
      <RegistrationDeadline event={event} className="facts__deadline" />
      {point ? (
        <a className="button button--outline button--block" href={navigationUrl(point)} target="_blank" rel="noopener noreferrer">
          Route planen
          <span className="visually-hidden"> (OpenStreetMap, öffnet in neuem Tab)</span>
        </a>
      ) : null}
    </section>
  );
}
