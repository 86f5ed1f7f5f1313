import { hasBegun, type TAuthUser, type TEvent, type TTeamRole } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QrCodeDialog } from '@/components/share/components/QrCodeDialog';
import { ShareButton } from '@/components/share/components/ShareButton';
import { eventPageUrl } from '@/lib/event-links';
import { mayManageEvent, mayRegisterStand } from '@/lib/event-permissions';
import { LazyInvitePreviousSellers } from './LazyInvitePreviousSellers';
import { RegistrationChoice } from './RegistrationChoice';
import { paths } from '@/lib/paths';

interface EventActionsProps {
  event: TEvent;
  user: TAuthUser | null;
  userLoading: boolean;
  /** The caller's role on the market's team (issue 36): a co-organiser edits it like the organiser. */
  teamRole?: TTeamRole | null;
}

/** The buttons of the event page, by role (docs/product.md#screens-and-routes). */
export function EventActions({ event, user, userLoading, teamRole = null }: EventActionsProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const link = eventPageUrl(event.id);
  const canRegister = mayRegisterStand(user, event);
  const manage = mayManageEvent(user, event, teamRole);
  const owns = mayManageEvent(user, event);

  // On the day the visitor comes for the stands: the first button leads there (on a phone they begin some screens down).
  const toStands = event.phase !== 'cancelled' && hasBegun(event, new Date());

  return (
    <div className="event-actions">
      {toStands ? (
        <a className="button button--accent" href="#stands-title">
          Zu den Ständen
        </a>
      ) : null}
      {manage ? (
        <Link className="button button--light" to={paths.eventEdit(event.id)}>
          Event bearbeiten
        </Link>
      ) : null}
      {/* Issue 34: a new market from this one, and an invitation to last time's sellers: the organiser's (or an admin's),
          never a co-organiser's, since both speak in the organiser's name. */}
      {owns ? (
        <>
          <Link className="button button--light" to={paths.copyEvent(event.id)}>
            Kopieren
          </Link>
          <LazyInvitePreviousSellers event={event} />
        </>
      ) : null}
      {!userLoading && canRegister ? (
        user ? (
          <Link className="button button--accent" to={paths.standRegistration(event.id)}>
            Stand anmelden
          </Link>
        ) : (
          <RegistrationChoice eventId={event.id} />
        )
      ) : null}
      <ShareButton target={{ title: event.name, text: `${event.name} – ${event.location}`, url: link }} />
      <button type="button" className="button button--outline" onClick={() => setQrOpen(true)}>
        <span aria-hidden="true">▦</span> QR-Code
      </button>
      <QrCodeDialog open={qrOpen} onClose={() => setQrOpen(false)} link={link} name={event.name} />
    </div>
  );
}
