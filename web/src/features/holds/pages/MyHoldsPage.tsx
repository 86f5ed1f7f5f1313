import { HOLDS_MAX_OPEN_PER_VISITOR, formatDateTime, formatItemPrice, type THold } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { isUnauthorizedError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { formatHoldUntil, isOpenHold } from '../api/hold-text';
import { HoldStatusBadge } from '@/components/holds/HoldStatusBadge';
import { useDecideHold, useMyHolds } from '../api/holds';
import '@/components/form/forms.css';
import '../holds.css';

function MyHoldRow({ hold, onEnd }: { hold: THold; onEnd: (hold: THold) => void }) {
  const open = isOpenHold(hold.status);
  return (
    <li className={`card my-hold my-hold--${hold.status}`}>
      <div className="my-hold__head">
        <h2 className="my-hold__title">
          <Link to={paths.stand(hold.standId)}>{hold.item.title}</Link>
        </h2>
        <HoldStatusBadge status={hold.status} />
      </div>
      <p className="my-hold__price">{formatItemPrice(hold.item.price)}</p>
      <p className="my-hold__where">
        {hold.stand.label} · <Link to={paths.event(hold.eventId)}>{hold.event.name}</Link>
        <br />
        {formatDateTime(hold.event.startDateTime)} Uhr · {hold.event.location}
      </p>
      {hold.status === 'accepted' && hold.pickupCode ? (
        <p className="my-hold__code">
          Abholcode <strong className="pickup-code pickup-code--large">{hold.pickupCode}</strong>
          <span className="my-hold__code-hint">Nenn ihn am Stand, bis {formatHoldUntil(hold.endsAt)}.</span>
        </p>
      ) : null}
      {hold.status === 'requested' ? <p className="muted">Der Verkäufer hat noch nicht entschieden; du bekommst eine E-Mail.</p> : null}
      {open ? (
        <div className="my-hold__actions">
          <button
            type="button"
            className="button button--ghost-danger button--small"
            onClick={() => onEnd(hold)}
            aria-label={`Reservierung von „${hold.item.title}“ beenden`}
          >
            Reservierung beenden
          </button>
        </div>
      ) : null}
    </li>
  );
}

function MyHolds() {
  const holds = useMyHolds();
  const end = useDecideHold();
  const [result, setResult] = useState<string | null>(null);
  const toEnd = useConfirmation<THold>((hold, done) => {
    setResult(null);
    end.mutate(
      { hold, decision: 'end' },
      {
        onSuccess: () => setResult(`Die Reservierung von „${hold.item.title}“ ist beendet.`),
        onError: (error) => {
          if (isUnauthorizedError(error)) handleSessionExpired();
        },
        onSettled: done,
      },
    );
  });
  useSessionCheck(holds.error);

  if (holds.isPending) return <PageSpinner />;
  if (holds.isError) return <LoadErrorScreen message={holds.error.message} />;

  const openCount = holds.data.filter((hold) => isOpenHold(hold.status)).length;
  return (
    <div className="form-page container my-holds">
      <title>Meine Reservierungen – Flohmarkt</title>
      <h1 className="form-page__title">Meine Reservierungen</h1>
      <p className="form-page__lead">
        Kostenlos und unverbindlich: Der Verkäufer hält ein Angebot bis kurz nach Marktbeginn für dich zurück. Du kannst bis zu {HOLDS_MAX_OPEN_PER_VISITOR}{' '}
        Angebote gleichzeitig reservieren ({openCount} offen).
      </p>
      <p className="hold-link__result" role="status">
        {result}
      </p>
      {end.isError && !isUnauthorizedError(end.error) ? <FormMessage message={end.error.message} /> : null}
      {holds.data.length === 0 ? (
        <div className="empty-state empty-state--box">
          <p className="empty-state__title">Du hast noch nichts reserviert.</p>
          <p className="empty-state__text">Auf der Seite eines Stands kannst du ein Angebot mit „Reservieren“ anfragen.</p>
          <Link className="button button--primary" to={paths.itemSearch()}>
            Angebote suchen
          </Link>
        </div>
      ) : (
        <ul className="my-holds__list">
          {holds.data.map((hold) => (
            <MyHoldRow key={hold.id} hold={hold} onEnd={toEnd.ask} />
          ))}
        </ul>
      )}
      <ConfirmDialog {...toEnd.dialog} title="Reservierung beenden?" confirmLabel="Beenden" busy={end.isPending}>
        <p>„{toEnd.subject?.item.title}“ ist dann wieder für alle frei. Der Verkäufer sieht, dass du die Reservierung beendet hast.</p>
      </ConfirmDialog>
    </div>
  );
}

/** /me/holds „Meine Reservierungen“ (issue 35): the visitor's holds with the pickup code, each to end. */
export function MyHoldsPage() {
  return <RequireAuth>{() => <MyHolds />}</RequireAuth>;
}
