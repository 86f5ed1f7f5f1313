import { CONFIRMATION_STATE_LABELS, formatDateTime, type TConfirmation } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PageSpinner } from '@/components/ui/Spinner';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useAnswerConfirmation, useConfirmation } from '../api/confirmation';
import '@/components/form/forms.css';
import '../reconfirmation.css';

// The link's token decides: the page sends no referrer with its links and asks not to be indexed.
const PRIVATE_PAGE_META = (
  <>
    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex" />
  </>
);

type Answer = 'yes' | 'no';

/** The button tapped in the mail (`?antwort=ja|nein`): only which button is the primary one, nothing is sent. */
function tappedInMail(value: string | null): Answer | undefined {
  if (value === 'ja') return 'yes';
  return value === 'nein' ? 'no' : undefined;
}

/** Where the stand stands, in one sentence for the seller. */
function stateText(confirmation: TConfirmation): string {
  if (confirmation.status === 'released' || confirmation.confirmation === 'released') {
    return 'Dein Platz ist freigegeben. Wer auf der Warteliste stand, ist nachgerückt.';
  }
  if (confirmation.status !== 'approved') return 'Dieser Stand nimmt nicht mehr am Flohmarkt teil.';
  if (confirmation.confirmation === 'confirmed') return 'Du hast zugesagt. Wir freuen uns auf dich!';
  return `Bitte sag bis ${formatDateTime(confirmation.deadline)} Uhr Bescheid. Ohne Antwort wird dein Platz danach frei.`;
}

function resultText(answer: Answer): string {
  return answer === 'yes' ? 'Danke! Du hast zugesagt, dein Platz bleibt dir.' : 'Danke für deine Absage. Dein Platz ist jetzt frei für andere.';
}

/**
 * /dabei/{token}?antwort=ja|nein (issue 36): the seller's "Bist du dabei?" mail link, without sign-in.
 * It shows the market, the stand, the deadline and the current state; "Ja, ich komme" confirms with one
 * press, "Nein, ich komme nicht" asks first, because it frees the place for the waitlist at once.
 */
export function ConfirmationPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const tapped = tappedInMail(search.get('antwort'));
  const query = useConfirmation(token);
  const answer = useAnswerConfirmation(token);
  const [askingNo, setAskingNo] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const refused = isApiError(query.error) && [404, 409, 410].includes(query.error.status);
    return (
      <>
        {PRIVATE_PAGE_META}
        <title>Rückmeldung – Flohmarkt</title>
        <StatusScreen title={refused ? 'Rückmeldung nicht möglich' : 'Die Daten konnten nicht geladen werden'} text={query.error.message} />
      </>
    );
  }

  const confirmation = query.data;
  const open = confirmation.status === 'approved' && confirmation.confirmation !== 'released';
  const send = (value: Answer) => {
    setResult(null);
    answer.mutate(value, {
      onSuccess: () => setResult(resultText(value)),
      onSettled: () => setAskingNo(false),
    });
  };
  const primary: Answer = tapped ?? 'yes';
  const buttonClass = (value: Answer) => (value === primary ? 'button button--primary' : 'button button--outline');

  return (
    <div className="form-page container confirmation-page">
      {PRIVATE_PAGE_META}
      <title>Bist du dabei? – Flohmarkt</title>
      <h1 className="form-page__title">Bist du dabei?</h1>
      <p className="form-page__lead">{stateText(confirmation)}</p>
      <dl className="card form-page__facts">
        <dt>Flohmarkt</dt>
        <dd>
          <Link to={paths.event(confirmation.event.id)}>{confirmation.event.name}</Link>
        </dd>
        <dt>Wann</dt>
        <dd>{formatDateTime(confirmation.event.startDateTime)} Uhr</dd>
        <dt>Wo</dt>
        <dd>{confirmation.event.location}</dd>
        <dt>Dein Stand</dt>
        <dd>{confirmation.standLabel}</dd>
        <dt>Antwort bis</dt>
        <dd>{formatDateTime(confirmation.deadline)} Uhr</dd>
        <dt>Stand der Rückmeldung</dt>
        <dd>{CONFIRMATION_STATE_LABELS[confirmation.confirmation]}</dd>
      </dl>
      <p className="confirmation-page__result" role="status" aria-live="polite">
        {result}
      </p>
      {answer.isError ? <FormMessage message={answer.error.message} /> : null}
      {open ? (
        <div className="form-actions confirmation-page__actions">
          <button type="button" className={buttonClass('yes')} disabled={answer.isPending} autoFocus={tapped === 'yes'} onClick={() => send('yes')}>
            Ja, ich komme
          </button>
          <button type="button" className={buttonClass('no')} disabled={answer.isPending} autoFocus={tapped === 'no'} onClick={() => setAskingNo(true)}>
            Nein, ich komme nicht
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={askingNo}
        title="Platz wirklich freigeben?"
        confirmLabel="Ja, Platz freigeben"
        busy={answer.isPending}
        onConfirm={() => send('no')}
        onCancel={() => setAskingNo(false)}
      >
        <p>Dein Platz wird sofort frei und geht an die Warteliste. Zurück bekommst du ihn nicht.</p>
      </ConfirmDialog>
    </div>
  );
}
