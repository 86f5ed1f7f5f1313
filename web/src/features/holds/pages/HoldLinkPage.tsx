import { HOLD_MESSAGES, formatDateTime, formatItemPrice, type THold, type THoldDecision } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { busyButton } from '@/components/ui/busy-button';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { loginUrl } from '@/lib/event-links';
import { paths } from '@/lib/paths';
import { HOLD_STATUS_WORDS } from '@/components/holds/HoldStatusBadge';
import { decisionResultText, formatHoldUntil } from '../api/hold-text';
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

const DECISION_LABELS: Record<THoldDecision, string> = { accept: 'Annehmen', decline: 'Ablehnen', end: 'Reservierung beenden' };

/** What each side may do about a hold in its state: the seller decides a request or ends an accepted hold; the holder ends theirs. */
function decisionsFor(hold: THold, asSeller: boolean): THoldDecision[] {
  if (hold.status === 'requested') return asSeller ? ['accept', 'decline'] : ['end'];
  return hold.status === 'accepted' ? ['end'] : [];
}

/** The answer the seller tapped in the mail (`&decision=`): only preselected, sent by the press on this page. */
function tappedInMail(value: string | null): 'accept' | 'decline' | undefined {
  return value === 'accept' || value === 'decline' ? value : undefined;
}

function HoldFacts({ hold, asSeller }: { hold: THold; asSeller: boolean }) {
  return (
    <dl className="form-page__facts">
      <dt>Angebot</dt>
      <dd>
        <strong>{hold.item.title}</strong> · {formatItemPrice(hold.item.price)}
      </dd>
      {asSeller ? (
        <>
          {/* Until the seller accepts, the visitor has asked, not reserved. */}
          <dt>{hold.status === 'requested' ? 'Angefragt von' : 'Reserviert von'}</dt>
          <dd>{hold.holderName ?? 'Ein Besucher'}</dd>
        </>
      ) : null}
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

/** Opened without the mail's token by someone signed out: the holder's mail links here too. */
function SignInFirst({ id }: { id: string }) {
  return (
    <>
      {PRIVATE_PAGE_META}
      <title>Reservierung – Flohmarkt</title>
      <section className="status-page container" aria-labelledby="status-title">
        <h1 id="status-title" className="status-page__title">
          Bitte melde dich an
        </h1>
        <p className="status-page__text">Deine Reservierung siehst du, wenn du angemeldet bist.</p>
        <a className="button button--primary" href={loginUrl(paths.hold(id))}>
          Anmelden
        </a>
      </section>
    </>
  );
}

function NotFound() {
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

/**
 * /holds/{id}?token=… (issue 35): the page the hold mails link to. Opening it only reads (a mail
 * scanner that follows links decides nothing). The seller (the mail's token, or signed in) accepts or
 * declines with one press, the token going with the PATCH; the answer tapped in the mail
 * (`&decision=`) is only preselected. The holder (signed in; their reads carry no holder name) sees
 * their hold and may end it. The result (with the pickup code) is announced where the buttons were.
 */
export function HoldLinkPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? undefined;
  const tapped = tappedInMail(search.get('decision'));
  const { user, isLoading: userLoading } = useCurrentUser();
  const holdQuery = useHold(id, token);
  const decide = useDecideHold({ token });
  const [result, setResult] = useState<string | null>(null);
  // The pressed button is gone after a decision: the result takes the focus.
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (holdQuery.isPending || userLoading) return <PageSpinner />;
  if (holdQuery.isError) {
    const refused = isApiError(holdQuery.error) && [401, 403, 404].includes(holdQuery.error.status);
    if (refused && token === undefined && user === null) return <SignInFirst id={id} />;
    if (refused) return <NotFound />;
    return <LoadErrorScreen message={holdQuery.error.message} />;
  }

  // After a decision the page shows the hold as the server answered it.
  const hold = decide.data ?? holdQuery.data;
  // Only the seller's reads name the holder; the mail's token is the seller's.
  const asSeller = token !== undefined || (hold.holderName !== undefined && hold.holderName !== null);
  const decisions = decisionsFor(hold, asSeller);
  const preselected = hold.status === 'requested' && asSeller ? tapped : undefined;
  const press = (decision: THoldDecision) => {
    if (decide.isPending) return;
    setResult(null);
    decide.mutate({ hold, decision }, { onSuccess: (saved) => setResult(decisionResultText(saved.status, saved.pickupCode)) });
  };
  const buttonClass = (decision: THoldDecision) =>
    (preselected ? decision === preselected : decision === 'accept') ? 'button button--primary' : 'button button--outline';

  return (
    <div className="form-page container hold-link">
      {PRIVATE_PAGE_META}
      <title>Reservierung – Flohmarkt</title>
      <h1 className="form-page__title">{asSeller ? `Reservierung für „${hold.item.title}“` : `Deine Reservierung: „${hold.item.title}“`}</h1>
      <p className="form-page__lead">{leadText(hold, asSeller)}</p>
      {preselected ? (
        <p className="notice">
          Du hast in der E-Mail „{DECISION_LABELS[preselected]}“ gewählt. Tippe zur Bestätigung auf „{DECISION_LABELS[preselected]}“.
        </p>
      ) : null}
      <div className="card">
        <HoldFacts hold={hold} asSeller={asSeller} />
      </div>
      <p ref={resultRef} className="hold-link__result" role="status" aria-live="polite" tabIndex={-1}>
        {result}
      </p>
      {decide.isError ? <FormMessage message={decide.error.message} /> : null}
      {decisions.length > 0 ? (
        <div className="form-actions hold-link__actions">
          {decisions.map((decision) => (
            <button
              key={decision}
              type="button"
              className={buttonClass(decision)}
              // Not `disabled`, which would drop the focus to the page while the answer is on its way.
              {...busyButton(decide.isPending)}
              autoFocus={decision === preselected}
              onClick={() => press(decision)}
            >
              {DECISION_LABELS[decision]}
            </button>
          ))}
        </div>
      ) : null}
      {asSeller ? null : (
        <p>
          <Link to={paths.myHolds()}>Alle meine Reservierungen</Link>
        </p>
      )}
    </div>
  );
}

function leadText(hold: THold, asSeller: boolean): string {
  const until = formatHoldUntil(hold.endsAt);
  if (!asSeller) {
    if (hold.status === 'requested') return `Angefragt – du bekommst eine E-Mail, sobald der Verkäufer entscheidet. Angenommen gilt sie bis ${until}.`;
    if (hold.status === 'accepted') return `Angenommen: Der Verkäufer hält das Angebot bis ${until} für dich zurück. Nenn am Stand deinen Abholcode.`;
    return 'So steht es um deine Reservierung.';
  }
  if (hold.status === 'requested') {
    return `${hold.holderName ?? 'Ein Besucher'} möchte dieses Angebot bis ${until} bei dir reservieren. Nimmst du an, gibt es einen Abholcode für die Übergabe am Stand; deine E-Mail-Adresse sieht dabei niemand.`;
  }
  return 'So steht es um diese Reservierung.';
}
