import { ACTIVE_STAND_STATUSES, LIMITS, type TAuthUser, type TEvent, type TStand, formatDateTime } from '@flohmarkt/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { CategoryList } from '@/components/stands/CategoryList';
import { ConfirmationTag } from '@/components/stands/ConfirmationTag';
import { RejectionReason, StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { registrationClosedFor } from '@/lib/event-permissions';
import { cancelReasonOf, isCancelled } from '@/lib/event-status';
import { standTitle } from '@/lib/stand-title';
import { paths } from '@/lib/paths';
import { takeLostFocus } from '@/lib/take-lost-focus';

interface MyStandRowProps {
  stand: TStand;
  event: TEvent | undefined;
  user: TAuthUser;
  /** The user has a waiting or approved stand at the same event (then no new registration is offered). */
  activeAtEvent: boolean;
  onWithdraw: (stand: TStand) => void;
  /** Just withdrawn here: its „Zurückziehen“ (where the dialog gave the focus back) leaves, the title takes the focus. */
  withdrawnHere?: boolean;
}

/** Waiting, approved or on the waitlist: the stand holds (or waits for) a place, so it can be edited and withdrawn. */
const isActive = (stand: TStand) => (ACTIVE_STAND_STATUSES as readonly string[]).includes(stand.status);

/**
 * One own stand: title, state (with the organiser's reason when rejected), the market and what can be done.
 * A cancelled market (the event read says so) shows 'Abgesagt' in place of a waiting, waitlisted or approved
 * stand's state, which no longer means anything, with the organiser's reason; the stand is then only to be
 * looked at: the server would still take an edit or a withdrawal, but neither changes anything for a market
 * that does not take place.
 */
export function MyStandRow({ stand, event, user, activeAtEvent, onWithdraw, withdrawnHere = false }: MyStandRowProps) {
  const cancelled = event !== undefined && isCancelled(event);
  const cancelReason = event ? cancelReasonOf(event) : null;
  // Issue 17: after a rejection or a withdrawal the user may register again while the market takes registrations.
  const mayRegisterAgain = !isActive(stand) && !activeAtEvent && event !== undefined && registrationClosedFor(user, event) === null;
  const title = useRef<HTMLAnchorElement>(null);
  const withdrawn = withdrawnHere && !isActive(stand);
  useEffect(() => {
    if (withdrawn) takeLostFocus(() => title.current);
  }, [withdrawn]);
  return (
    <li className="stand-row">
      <div className="stand-row__main">
        <Link ref={title} className="stand-row__title" to={paths.stand(stand.id)}>
          {standTitle(stand)}
        </Link>
        {cancelled && isActive(stand) ? null : <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />}
        {event ? <EventCancelledBadge event={event} /> : null}
        {cancelled ? null : <ConfirmationTag stand={stand} />}
      </div>
      <p className="stand-row__meta">
        {event ? (
          <>
            <Link to={paths.event(event.id)}>{event.name}</Link> · {formatDateTime(event.startDateTime)} Uhr
          </>
        ) : (
          'Event wird geladen …'
        )}
      </p>
      {cancelled ? <p className="notice notice--error">Dieser Flohmarkt wurde abgesagt.{cancelReason ? ` Grund: ${cancelReason}` : ''}</p> : null}
      <RejectionReason stand={stand} />
      <CategoryList categories={stand.categories} shown={LIMITS.myStandsCategoriesShown} />
      <div className="stand-row__actions">
        <Link className="button button--outline button--small" to={paths.stand(stand.id)}>
          Ansehen
        </Link>
        {isActive(stand) && !cancelled ? (
          <>
            <Link className="button button--ghost button--small" to={paths.standEdit(stand.id)}>
              Bearbeiten
            </Link>
            <button type="button" className="button button--ghost-danger button--small" onClick={() => onWithdraw(stand)}>
              Zurückziehen
            </button>
          </>
        ) : null}
        {mayRegisterAgain ? (
          <Link className="button button--primary button--small" to={paths.standRegistration(stand.eventId)}>
            Neu anmelden
          </Link>
        ) : null}
      </div>
    </li>
  );
}
