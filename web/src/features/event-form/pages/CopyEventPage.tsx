import { SCREENS, ZEventCopy, formatEventSpan, type TEvent } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { validate } from '@/components/form/field-errors';
import { FormMessage } from '@/components/form/Field';
import { FormActions, FormCard } from '@/components/form/FormCard';
import { useFormState } from '@/components/form/use-form-state';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { toast } from '@/components/ui/toast/use-toast';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useEvent } from '@/features/events/api/get-event';
import { paths } from '@/lib/paths';
import { useCopyEvent, type EventCopyBody } from '../api/copy-event';
import { DateTimeField } from '../components/DateTimeField';
import { localInputToIso, roundToStep } from '../lib/date-time';
import '@/components/form/forms.css';

const COPY_TEXTS = {
  created: 'Kopie angelegt.',
  failed: (message: string) => `Die Kopie konnte nicht angelegt werden: ${message}`,
} as const;

interface CopyTimes {
  startDateTime: string;
  endDateTime: string;
}

function copyBody(times: CopyTimes): EventCopyBody {
  return { startDateTime: localInputToIso(roundToStep(times.startDateTime)), endDateTime: localInputToIso(roundToStep(times.endDateTime)) };
}

/**
 * The new market's times; everything else comes from the market copied. Whether the user may copy it
 * (its organiser or an admin) the server decides: its refusal is shown as it words it.
 */
function CopyForm({ source }: { source: TEvent }) {
  const navigate = useNavigate();
  const copy = useCopyEvent(source.id);
  const [serverError, setServerError] = useState<Error | null>(null);
  const { values, showErrors, clearErrors, formRef, field } = useFormState<CopyTimes>({ startDateTime: '', endDateTime: '' });

  const submit = () => {
    const body = copyBody(values);
    const result = validate(ZEventCopy, body);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    clearErrors();
    setServerError(null);
    copy.mutate(body, {
      onSuccess: (event) => {
        toast({ title: COPY_TEXTS.created });
        // To the copy's edit form: the organiser adjusts what differs this time.
        navigate(paths.eventEdit(event.id));
      },
      onError: (error) => {
        setServerError(error);
        reportError(error, COPY_TEXTS.failed(error.message));
      },
    });
  };

  return (
    <FormCard formRef={formRef} label="Termine der Kopie" onSubmit={submit}>
      <p className="field-hint">Alles außer den Terminen wird übernommen; Stände und Anmeldungen nicht.</p>
      <div className="form-row">
        <DateTimeField {...field('startDateTime')} label="Beginn" required />
        <DateTimeField {...field('endDateTime')} label="Ende" required min={values.startDateTime || undefined} />
      </div>
      <FormMessage message={serverError?.message} />
      <FormActions label="Kopie anlegen" busy={copy.isPending} busyLabel="Wird angelegt …">
        <Link className="button button--ghost" to={paths.event(source.id)}>
          Abbrechen
        </Link>
      </FormActions>
    </FormCard>
  );
}

function CopyEvent() {
  const { id = '' } = useParams();
  const eventQuery = useEvent(id);
  useSessionCheck(eventQuery.error);

  if (eventQuery.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  const source = eventQuery.data;
  return (
    <div className="form-page container">
      <title>{`${source.name} kopieren – Flohmarkt`}</title>
      <h1 className="form-page__title">Flohmarkt kopieren</h1>
      <p className="form-page__lead">
        <strong>{source.name}</strong>
        <br />
        {source.location}
        <br />
        Vorlage: {formatEventSpan(source.startDateTime, source.endDateTime)}
      </p>
      <CopyForm key={source.id} source={source} />
    </div>
  );
}

/** /events/{id}/copy (issue 34, organiser or admin): a new market from an existing one, at new times. */
export function CopyEventPage() {
  return <RequireAuth>{() => <CopyEvent />}</RequireAuth>;
}
