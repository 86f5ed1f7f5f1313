import type { TEvent } from '@flohmarkt/contracts';
import { useState } from 'react';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { isUnauthorizedError } from '@/lib/api-client';
import { useInvitePreviousSellers } from '../api/invite-previous-sellers';
import { useSeries } from '../api/get-series';
import { hasPreviousDate, invitedText } from '../lib/invite-previous';

type Outcome = { kind: 'invited'; text: string } | { kind: 'refused'; text: string };

/**
 * „Frühere Aussteller einladen“ (issue 34) for the organiser and admins: after a confirmation the
 * approved sellers of the previous date of the series (or of the market copied) get a mail with a
 * link to the registration, pre-filled with their stand. The server says how many it invited, each
 * seller once per market, and why it refuses (no previous market, registration closed): said here.
 */
export function InvitePreviousSellers({ event }: { event: TEvent }) {
  // A copy knows its original at once; a date of a series asks the series (the card beside it reads the same).
  const series = useSeries(event.copiedFromId ? null : event.seriesId);
  const invite = useInvitePreviousSellers(event.id);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (!hasPreviousDate(event, series.data?.events)) return null;

  const confirm = () =>
    invite.mutate(undefined, {
      onSuccess: ({ invited }) => setOutcome({ kind: 'invited', text: invitedText(invited) }),
      onError: (error) => {
        if (isUnauthorizedError(error)) handleSessionExpired();
        setOutcome({ kind: 'refused', text: error.message });
      },
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <button
        type="button"
        className="button button--light"
        onClick={() => {
          setOutcome(null);
          setAsking(true);
        }}
      >
        Frühere Aussteller einladen
      </button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title="Frühere Aussteller einladen?"
        confirmLabel={invite.isPending ? 'Wird eingeladen …' : 'Einladen'}
        onConfirm={confirm}
        busy={invite.isPending}
        tone="accent"
      >
        <p>Alle Aussteller mit bestätigtem Stand beim letzten Termin bekommen eine Einladung mit einem Link zur vorausgefüllten Anmeldung. Jeder nur einmal.</p>
      </ConfirmDialog>
      {outcome ? (
        <p className="event-actions__outcome" role={outcome.kind === 'invited' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}
