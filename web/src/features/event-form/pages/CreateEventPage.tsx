import { ERROR_CODES, TOASTS } from '@flohmarkt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast/use-toast';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { hasErrorCode } from '@/lib/api-client';
import { useCreateEvent } from '../api/save-event';
import { EventForm } from '../components/EventForm';
import { EMPTY_EVENT_VALUES } from '../lib/event-form-values';
import { paths } from '@/lib/paths';
import '@/components/form/forms.css';

function CreateEvent() {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [serverError, setServerError] = useState<Error | null>(null);

  return (
    <div className="form-page container">
      <title>Flohmarkt erstellen – Flohmarkt</title>
      <h1 className="form-page__title">Flohmarkt erstellen</h1>
      <p className="form-page__lead">Lege deinen Flohmarkt an. Danach kannst du ihn teilen und Standanmeldungen annehmen.</p>
      <EventForm
        mode="create"
        initial={EMPTY_EVENT_VALUES}
        keptAs="create-event"
        submitLabel="Event erstellen"
        cancelTo={paths.home()}
        busy={create.isPending}
        serverError={serverError}
        onSubmit={(body) => {
          setServerError(null);
          create.mutate(body, {
            onSuccess: (event) => {
              toast({ title: event.seriesId ? TOASTS.seriesCreated : TOASTS.eventCreated });
              navigate(paths.event(event.id));
            },
            onError: (error) => {
              setServerError(error);
              // A far point is asked about in the form itself (issue 30): no error toast on top of it.
              if (!hasErrorCode(error, ERROR_CODES.POINT_FAR_FROM_LOCATION)) reportError(error, TOASTS.eventCreateFailed(error.message));
            },
          });
        }}
      />
    </div>
  );
}

/** /create-event (signed in). */
export function CreateEventPage() {
  return <RequireAuth>{() => <CreateEvent />}</RequireAuth>;
}
