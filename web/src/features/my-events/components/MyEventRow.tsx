import { TEAM_ROLE_LABELS, eventPhase, formatEventSpan, type TMyEvent } from '@flohmarkt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { StandCounters } from '@/components/events/StandCounters';
import { cancelReasonOf, isCancelled } from '@/lib/event-status';
import { paths } from '@/lib/paths';

/**
 * One market of "Meine Flohmärkte": name, date, place, its counters, and the ways in. Issue 36: a market
 * of the caller's team says the role; a co-organiser gets the organiser's ways (review, edit, team), a
 * helper only the market day. A cancelled market says so (with the reason) and an ended one is over: neither
 * asks to review its registrations any more; an ended one keeps a plain way to its list. A cancelled one has no
 * market day, team or free places left to show.
 */
export function MyEventRow({ event }: { event: TMyEvent }) {
  const titleId = useId();
  const cancelled = isCancelled(event);
  const cancelReason = cancelReasonOf(event);
  const over = cancelled || eventPhase(event, new Date()) === 'ended';
  const waiting = over ? 0 : event.counts.pending + event.counts.waitlisted;
  const role = event.teamRole ?? null;
  const manages = role !== 'helper';
  return (
    <li className="my-event" aria-labelledby={titleId}>
      <div className="my-event__head">
        <Link id={titleId} className="my-event__title" to={paths.event(event.id)}>
          {event.name}
        </Link>
        <EventCancelledBadge event={event} />
        {role ? <span className="badge my-event__role">{TEAM_ROLE_LABELS[role]}</span> : null}
      </div>
      <p className="my-event__meta">
        {formatEventSpan(event.startDateTime, event.endDateTime)}
        <br />
        {event.location}
      </p>
      {cancelled ? <p className="notice notice--error">Dieser Flohmarkt ist abgesagt.{cancelReason ? ` Grund: ${cancelReason}` : ''}</p> : null}
      {manages && !cancelled ? <StandCounters counts={{ ...event.counts, maxStands: event.maxStands }} block="my-event" /> : null}
      <div className="my-event__actions">
        {manages ? (
          <>
            {cancelled ? null : over ? (
              <Link className="button button--outline button--small" to={paths.eventReviewList(event.id)}>
                Anmeldungen
              </Link>
            ) : (
              <Link className={`button button--small ${waiting > 0 ? 'button--primary' : 'button--outline'}`} to={paths.eventReviewList(event.id)}>
                Anmeldungen prüfen{waiting > 0 ? ` (${waiting})` : ''}
              </Link>
            )}
            <Link className="button button--ghost button--small" to={paths.eventEdit(event.id)}>
              Bearbeiten
            </Link>
          </>
        ) : null}
        {cancelled ? null : (
          <Link className="button button--ghost button--small" to={paths.marketDay(event.id)}>
            Markttag
          </Link>
        )}
        {manages && !cancelled ? (
          <Link className="button button--ghost button--small" to={paths.eventTeam(event.id)}>
            Team
          </Link>
        ) : null}
      </div>
    </li>
  );
}
