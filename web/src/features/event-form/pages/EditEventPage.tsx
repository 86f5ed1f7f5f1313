import { ERROR_CODES, SCREENS, TOASTS, type TAuthUser, type TEditScope, type TEvent } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { toast } from '@/components/ui/toast/use-toast';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useEvent } from '@/features/events/api/get-event';
import { useMyEvents } from '@/features/my-events/api/get-my-events';
import { useEventRole } from '@/lib/event-permissions';
import { hasErrorCode } from '@/lib/api-client';
import { useUpdateEvent } from '../api/save-event';
import { CancelEventSection } from '../components/CancelEventSection';
import { EditScopeField } from '../components/EditScopeField';
import { EventForm } from '../components/EventForm';
import { eventToValues } from '../lib/event-form-values';
import { paths } from '@/lib/paths';
import { isCancelled } from '@/lib/event-status';
import '@/components/form/forms.css';

/** docs/product.md#permissions: only the organiser or an admin edits; others are told so and sent to the event. */
function NotYourEvent({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: TOASTS.accessDeniedTitle, description: SCREENS.eventEditForbidden, variant: 'destructive' });
    navigate(paths.event(eventId), { replace: true });
  }, [eventId, navigate]);
  return <StatusScreen title={SCREENS.notAuthorized} text={SCREENS.eventEditForbidden} homeLink={false} />;
}

/** `owner`: the organiser or an admin, who may also cancel; a co-organiser (issue 36) edits only. */
function EditForm({ event, owner }: { event: TEvent; owner: boolean }) {
  const navigate = useNavigate();
  const update = useUpdateEvent(event.id);
  const [serverError, setServerError] = useState<Error | null>(null);
  const [scope, setScope] = useState<TEditScope>('this');
  return (
    <div className="form-page container">
      <title>{`${event.name} bearbeiten – Flohmarkt`}</title>
      <h1 className="form-page__title">Event bearbeiten</h1>
      <p className="form-page__lead">{event.name}</p>
      {/* Said first: the form below looks as for a market that takes place (its section at the end says it too). */}
      {isCancelled(event) ? (
        <p className="notice notice--error" role="note">
          Dieser Markt ist abgesagt. Änderungen erscheinen auf seiner Seite; Anmeldungen nimmt er nicht mehr an.
        </p>
      ) : null}
      <EventForm
        mode="edit"
        initial={eventToValues(event)}
        keptAs={`edit-event:${event.id}`}
        submitLabel="Änderungen speichern"
        cancelTo={paths.event(event.id)}
        busy={update.isPending}
        serverError={serverError}
        // A date of a series (issue 34) asks whether the change is for it alone or for the later dates too.
        beforeActions={event.seriesId ? <EditScopeField value={scope} onChange={setScope} /> : null}
        onSubmit={(body) => {
          setServerError(null);
          update.mutate(
            { body, scope },
            {
              onSuccess: () => {
                toast({ title: TOASTS.eventUpdated });
                navigate(paths.event(event.id));
              },
              onError: (error) => {
                setServerError(error);
                // A far point is asked about in the form itself (issue 30): no error toast on top of it.
                if (!hasErrorCode(error, ERROR_CODES.POINT_FAR_FROM_LOCATION)) reportError(error, TOASTS.eventUpdateFailed(error.message));
              },
            },
          );
        }}
      />
      {owner ? <CancelEventSection event={event} /> : null}
    </div>
  );
}

function EditEvent({ user }: { user: TAuthUser }) {
  const { id = '' } = useParams();
  const eventQuery = useEvent(id);
  const role = useEventRole(user, eventQuery.data);
  // A team role is known once "Meine Flohmärkte" has answered: until then the page waits rather than refuse a co-organiser.
  const myEvents = useMyEvents(user.id, { enabled: eventQuery.data !== undefined && role !== 'organizer' });
  useSessionCheck(eventQuery.error);

  if (eventQuery.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  if (role !== 'organizer' && myEvents.isPending) return <PageSpinner />;
  if (role !== 'organizer' && role !== 'co-organizer') return <NotYourEvent eventId={eventQuery.data.id} />;
  return <EditForm key={eventQuery.data.id} event={eventQuery.data} owner={role === 'organizer'} />;
}

/** /events/{id}/edit (organiser, admin or, issue 36, a co-organiser). */
export function EditEventPage() {
  return <RequireAuth>{(user) => <EditEvent user={user} />}</RequireAuth>;
}
