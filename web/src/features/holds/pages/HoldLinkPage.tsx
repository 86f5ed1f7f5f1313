import { HOLD_MESSAGES, formatDateTime, formatItemPrice, type THold, type THoldDecision } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { HOLD_STATUS_WORDS, decisionResultText, formatHoldUntil } from '../api/hold-text';
import { useDecideHold, useHold } from '../api/holds';
import '@/components/form/forms.css';
import '../holds.css';

// The link's token decides: the page sends no referrer with its links and asks not to be indexed.
const PRIVATE_PAGE_META = (
  <>
    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex" />
  </>
);

const BUTTONS: Record<'requested' | 'accepted', { decision: THoldDecision; label: string; className: string }[]> = {
  requested: [
    { decision: 'accept', label: 'Annehmen', className: 'button button--primary' },
    { decision: 'decline', label: 'Ablehnen', className: 'button button--outline' },
  ],
  accepted: [{ decision: 'end', label: 'Reservierung beenden', className: 'button button--outline' }],
};

function HoldFacts({ hold }: { hold: THold }) {
  return (
    <dl className="hold-facts">
      <dt>Angebot</dt>
      <dd>
        <strong>{hold.item.title}</strong> · {formatItemPrice(hold.item.price)}
      </dd>
      <dt>Reserviert von</dt>
      <dd>{hold.holderName ?? 'Ein Besucher'}</dd>
      <dt>Flohmarkt</dt>
      <dd>
        <Link to={paths.event(hold.eventId)}>{hold.event.name}</Link>
        <br />
        {formatDateTime(hold.event.startDateTime)} Uhr · {hold.event.location}
      </dd>
      <dt>Stand</dt>
      <dd>
        <Link to={paths.stand(hold.standId)}>{hold.stand.label}</Link>
      </dd>
      <dt>Status</dt>
      <dd>
        {HOLD_STATUS_WORDS[hold.status]}
        {hold.status === 'requested' || hold.status === 'accepted' ? ` · gilt bis ${formatHoldUntil(hold.endsAt)}` : ''}
      </dd>
      {hold.status === 'accepted' && hold.pickupCode ? (
        <>
          <dt>Abholcode</dt>
          <dd className="pickup-code pickup-code--large">{hold.pickupCode}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * /holds/{id}?token=… (issue 35): the link in the seller's mail about a hold. Opening it only reads
 * (a mail scanner that follows links decides nothing); the seller accepts or declines with one press,
 * the link's token going with the PATCH, and reads the result (with the pickup code) where the
 * buttons were. No sign-in needed.
 */
export function HoldLinkPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? undefined;
  const holdQuery = useHold(id, token);
  const decide = useDecideHold({ token });
  const [result, setResult] = useState<string | null>(null);

  if (holdQuery.isPending) return <PageSpinner />;
  if (holdQuery.isError) {
    if (isApiError(holdQuery.error) && (holdQuery.error.status === 404 || holdQuery.error.status === 403)) {
      return (
        <>
          {PRIVATE_PAGE_META}
          <title>Reservierung nicht gefunden – Flohmarkt</title>
          <StatusScreen
            title="Reservierung nicht gefunden"
            text={`${HOLD_MESSAGES.holdNotFound} Prüfe, ob du den vollständigen Link aus der E-Mail verwendet hast.`}
          />
        </>
      );
    }
    return <LoadErrorScreen message={holdQuery.error.message} />;
  }

  // After a decision the page shows the hold as the server answered it.
  const hold = decide.data ?? holdQuery.data;
  const buttons = hold.status === 'requested' || hold.status === 'accepted' ? BUTTONS[hold.status] : [];
  const press = (decision: THoldDecision) => {
    setResult(null);
    decide.mutate({ hold, decision }, { onSuccess: (saved) => setResult(decisionResultText(saved.status, saved.pickupCode)) });
  };

  return (
    <div className="form-page container hold-link">
      {PRIVATE_PAGE_META}
      <title>Reservierung – Flohmarkt</title>
      <h1 className="form-page__title">Reservierung für „{hold.item.title}“</h1>
      <p className="form-page__lead">
        {hold.status === 'requested'
          ? `${hold.holderName ?? 'Ein Besucher'} möchte dieses Angebot bis ${formatHoldUntil(hold.endsAt)} bei dir reservieren. Nimmst du an, gibt es einen Abholcode für die Übergabe am Stand; deine E-Mail-Adresse sieht dabei niemand.`
          : 'So steht es um diese Reservierung.'}
      </p>
      <div className="card">
        <HoldFacts hold={hold} />
      </div>
      <p className="hold-link__result" role="status" aria-live="polite">
        {result}
      </p>
      {decide.isError ? <FormMessage message={decide.error.message} /> : null}
      {buttons.length > 0 ? (
        <div className="form-actions hold-link__actions">
          {buttons.map((button) => (
            <button key={button.decision} type="button" className={button.className} disabled={decide.isPending} onClick={() => press(button.decision)}>
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
