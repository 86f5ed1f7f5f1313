import { SCREENS, type TAuthUser } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen, LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useEvent } from '@/features/events/api/get-event';
import { StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { useStand } from '@/features/stands/api/get-stand';
import { standTitle } from '@/lib/stand-title';
import { LocationEditor } from '../components/LocationEditor';
import { PhotoManager } from '@/components/photos/PhotoManager';
import { StandEditForm } from '../components/StandEditForm';
import { standEditAccess } from '../lib/stand-edit-access';
import '@/components/form/forms.css';
import '../stand-edit.css';
import { paths } from '@/lib/paths';

function EditStand({ user }: { user: TAuthUser }) {
  const { standId = '' } = useParams();
  const standQuery = useStand(standId);
  const eventQuery = useEvent(standQuery.data?.eventId);
  const [locationError, setLocationError] = useState<string | undefined>();
  useSessionCheck(standQuery.error, eventQuery.error);

  if (standQuery.isPending || (standQuery.isSuccess && eventQuery.isPending)) return <PageSpinner />;
  if (standQuery.isError) return <FailedLoadScreen error={standQuery.error} notFound={SCREENS.standNotFound} />;
  if (eventQuery.isError) return <LoadErrorScreen message={eventQuery.error.message} />;

  const stand = standQuery.data;
  const event = eventQuery.data;
  if (!event) return <PageSpinner />;
  const access = standEditAccess(user, stand, event);
  if (access !== 'allowed') {
    return (
      <StatusScreen
        title={SCREENS.notAuthorized}
        text={access === 'guest-stand' ? SCREENS.guestStandOrganizerOnly : 'Du kannst nur deine eigenen Stände bearbeiten.'}
      />
    );
  }

  const title = standTitle(stand);
  return (
    <div className="form-page container stand-edit">
      <title>{`${title} bearbeiten – Flohmarkt`}</title>
      <p className="form-page__crumb">
        <Link to={paths.stand(stand.id)}>← {title}</Link> · <Link to={paths.event(event.id)}>{event.name}</Link>
      </p>
      <h1 className="form-page__title">
        {title} bearbeiten <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
      </h1>
      <p className="form-page__lead">Fotos und Standort werden sofort gespeichert, die übrigen Angaben mit „Änderungen speichern“.</p>
      <StandEditForm
        key={stand.id}
        stand={stand}
        onLocationError={setLocationError}
        photos={<PhotoManager stand={stand} />}
        location={<LocationEditor stand={stand} event={event} own={user.id === stand.exhibitorId} formError={locationError} />}
      />
    </div>
  );
}

/** /stands/{standId}/edit: owner, organiser or admin (docs/product.md#permissions). */
export function EditStandPage() {
  return <RequireAuth>{(user) => <EditStand user={user} />}</RequireAuth>;
}
