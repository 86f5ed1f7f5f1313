import { GET_GUEST_STAND_CALENDAR, type TGuestStandView } from '@flohmarkt/contracts';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { useEvent } from '@/features/events/api/get-event';
import { LazyStandItems } from '@/features/items/api/lazy-stand-items';
import { PhotoManager } from '@/components/photos/PhotoManager';
import { isApiError } from '@/lib/api-client';
import { cancelReasonOf } from '@/lib/event-status';
import { formatEventSpan } from '@flohmarkt/contracts';
import { useGuestStand } from '../api/guest-stand';
import { GuestStandDetails } from '../components/GuestStandDetails';
import { GuestStandMap } from '../components/GuestStandMap';
import { GuestStandStatus } from '../components/GuestStandStatus';
import { WithdrawGuestStand } from '../components/WithdrawGuestStand';
import '@/components/form/forms.css';
import '../guest-manage.css';
import { paths } from '@/lib/paths';
import { callUrl } from '@/lib/api-call';

// The token is the only key, so the page sends no referrer with its links and asks not to be indexed.
const PRIVATE_PAGE_META = (
  <>
    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex" />
  </>
);

/** The market the stand is registered for: name (link), date and place, and a cancellation with its reason. */
function EventSummary({ stand }: { stand: TGuestStandView }) {
  const facts = stand.event;
  const cancelled = facts?.status === 'cancelled';
  // The reason is part of the public event read, asked only when there is one to show.
  const publicEvent = useEvent(cancelled ? stand.eventId : undefined).data;
  const reason = publicEvent ? cancelReasonOf(publicEvent) : null;
  return (
    <>
      <p className="form-page__lead guest-manage__event">
        <Link to={paths.event(stand.eventId)}>{facts?.name ?? stand.eventName ?? 'Zum Flohmarkt'}</Link>
        {facts ? <EventCancelledBadge event={facts} /> : null}
        {facts ? (
          <>
            <br />
            {formatEventSpan(facts.startDateTime, facts.endDateTime)}
            {facts.location ? ` · ${facts.location}` : ''}
          </>
        ) : null}
      </p>
      {cancelled ? <p className="notice notice--error">Dieser Flohmarkt wurde abgesagt.{reason ? ` Grund: ${reason}` : ''}</p> : null}
    </>
  );
}

function UnknownLink() {
  return (
    <>
      {PRIVATE_PAGE_META}
      <title>Anmeldung nicht gefunden – Flohmarkt</title>
      <StatusScreen
        title="Anmeldung nicht gefunden"
        text="Zu diesem Link gibt es keine Stand-Anmeldung (mehr). Prüfe, ob du den vollständigen Link aus der E-Mail oder von der Bestätigungsseite verwendet hast. Eine zurückgezogene Anmeldung lässt sich nicht mehr öffnen."
      />
    </>
  );
}

/**
 * /anmeldung/{token} (issue 17): a guest's own registration, opened from the link shown after registering
 * and sent by mail: the market, the status with the organiser's reason, the submitted data, its photos
 * and items (added and removed by the link's token), and withdraw.
 */
export function GuestStandManagePage() {
  const { token = '' } = useParams();
  const standQuery = useGuestStand(token);

  if (standQuery.isPending) return <PageSpinner />;
  if (standQuery.isError) {
    if (isApiError(standQuery.error) && standQuery.error.status === 404) return <UnknownLink />;
    return <LoadErrorScreen message={standQuery.error.message} />;
  }

  const stand = standQuery.data;
  return (
    <div className="form-page container guest-manage">
      {PRIVATE_PAGE_META}
      <title>Deine Stand-Anmeldung – Flohmarkt</title>
      <h1 className="form-page__title">Deine Stand-Anmeldung</h1>
      <EventSummary stand={stand} />
      <GuestStandStatus stand={stand} />
      <GuestStandDetails stand={stand} />
      {(stand.status === 'pending' || stand.status === 'approved') && stand.latitude && stand.longitude ? <GuestStandMap stand={stand} /> : null}
      {/* The guest adds photos and lists items here, with the link's token as their key (a withdrawn or rejected stand has none to change). */}
      {stand.status !== 'withdrawn' && stand.status !== 'rejected' ? (
        <>
          <PhotoManager
            stand={stand}
            access={{ manageToken: token }}
            layout="card"
            note={stand.status === 'approved' ? null : 'Alle sehen deine Fotos, sobald der Organisator deinen Stand freigegeben hat.'}
          />
          <div className="card">
            <LazyStandItems stand={stand} mayEdit manageToken={token} />
          </div>
        </>
      ) : null}
      {/* Like My stands: a waiting or approved registration can be withdrawn; a rejected one holds nothing. */}
      {stand.status === 'pending' || stand.status === 'approved' ? (
        <div className="form-actions">
          <a className="button button--outline" href={callUrl(GET_GUEST_STAND_CALENDAR, { params: { token } })} download>
            In meinen Kalender
          </a>
          <WithdrawGuestStand token={token} />
        </div>
      ) : null}
    </div>
  );
}
