import { EVENT_CANCEL_REASON_MAX_LENGTH, ZEventCancel, type TEvent } from '@flohmarkt/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ReasonField, useReason } from '@/components/form/ReasonField';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { useCancelEvent } from '../api/cancel-event';
import { paths } from '@/lib/paths';

/**
 * 'Markt absagen' (issue 17, organiser or admin): an optional reason and a confirmation. The event then shows
 * 'Abgesagt' everywhere, takes no registrations, and every exhibitor and guest with an e-mail is told.
 * Nothing turns a cancellation back, so an ended or cancelled event offers nothing here.
 */
export function CancelEventSection({ event }: { event: TEvent }) {
  const navigate = useNavigate();
  const cancel = useCancelEvent(event.id);
  const [asking, setAsking] = useState(false);
  const reason = useReason(ZEventCancel);

  if (event.phase === 'ended') return null;
  if (event.status === 'cancelled') {
    return (
      <section className="card danger-zone" aria-labelledby="cancel-event-title">
        <h2 id="cancel-event-title" className="card__title">
          Markt abgesagt
        </h2>
        <p>Dieser Markt ist abgesagt. Eine Absage lässt sich nicht zurücknehmen.</p>
      </section>
    );
  }

  const confirm = () => {
    const text = reason.checked();
    if (text === null) return;
    cancel.mutate(text, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Markt abgesagt' });
        navigate(paths.event(event.id));
      },
      onError: (e) => reportError(e, `Der Markt konnte nicht abgesagt werden: ${e.message}`),
    });
  };

  return (
    <section className="card danger-zone" aria-labelledby="cancel-event-title">
      <h2 id="cancel-event-title" className="card__title">
        Markt absagen
      </h2>
      <p>
        Der Markt bleibt bis zu seinem Ende als „Abgesagt“ sichtbar und nimmt keine Anmeldungen mehr an. Alle Aussteller und Gäste mit E-Mail-Adresse werden
        benachrichtigt.
        {event.seriesId && ' Abgesagt wird nur dieser Termin; die anderen Termine der Reihe bleiben.'}
      </p>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        Markt absagen
      </button>
      <ConfirmDialog
        open={asking}
        title="Markt wirklich absagen?"
        confirmLabel="Markt absagen"
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>
          „{event.name}“ {event.seriesId ? 'wird an diesem Termin abgesagt' : 'wird abgesagt'}. Das lässt sich nicht rückgängig machen.
        </p>
        <ReasonField
          id="cancelReason"
          label="Grund (optional)"
          reason={reason}
          limit={EVENT_CANCEL_REASON_MAX_LENGTH}
          note="Steht auf der Seite des Markts und in den E-Mails."
        />
      </ConfirmDialog>
    </section>
  );
}
