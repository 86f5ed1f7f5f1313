import { HOLD_MINUTES_DEFAULT, type THold, type THoldDecision, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { busyButton } from '@/components/ui/busy-button';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { decisionResultText, formatHoldUntil } from '@/features/holds/api/hold-text';
import { useDecideHold, useStandHolds } from '@/features/holds/api/holds';
import { HoldStatusBadge } from '@/components/holds/HoldStatusBadge';
import { isUnauthorizedError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import type { GuestAccess } from '@/lib/guest-access';

const DECISION_BUTTONS: Record<'requested' | 'accepted', { decision: THoldDecision; label: string; className: string }[]> = {
  requested: [
    { decision: 'accept', label: 'Annehmen', className: 'button button--primary button--small' },
    { decision: 'decline', label: 'Ablehnen', className: 'button button--ghost-danger button--small' },
  ],
  accepted: [{ decision: 'end', label: 'Beenden', className: 'button button--ghost button--small' }],
};

function HoldRow({ hold, busy, onDecide }: { hold: THold; busy: boolean; onDecide: (hold: THold, decision: THoldDecision) => void }) {
  const buttons = hold.status === 'requested' || hold.status === 'accepted' ? DECISION_BUTTONS[hold.status] : [];
  const holder = hold.holderName ?? 'Ein Besucher';
  return (
    <li className={`hold-row hold-row--${hold.status}`}>
      <div className="hold-row__text">
        <p className="hold-row__title">{hold.item.title}</p>
        <p className="hold-row__facts">
          <span>{holder}</span>
          <HoldStatusBadge status={hold.status} />
          {hold.status === 'requested' || hold.status === 'accepted' ? <span className="muted">bis {formatHoldUntil(hold.endsAt)}</span> : null}
        </p>
        {hold.status === 'accepted' && hold.pickupCode ? (
          <p className="hold-row__code">
            Abholcode <strong className="pickup-code">{hold.pickupCode}</strong>
          </p>
        ) : null}
      </div>
      {buttons.length > 0 ? (
        <div className="hold-row__actions">
          {buttons.map((button) => (
            <button
              key={button.decision}
              type="button"
              className={button.className}
              // Not `disabled`: the pressed button keeps the focus until the result takes it.
              {...busyButton(busy)}
              onClick={busy ? undefined : () => onDecide(hold, button.decision)}
              aria-label={`${button.label}: „${hold.item.title}“ für ${holder}`}
            >
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

interface StandHoldsListProps {
  stand: TStand;
  access: GuestAccess;
}

/**
 * „Reservierungen“ for the seller (issue 35): who asked for which item (display name only), the state,
 * the pickup code once accepted, and one tap to accept, decline or end. Above it the stand's hold
 * time, which the owner changes in the stand's edit form.
 */
export function StandHoldsList({ stand, access }: StandHoldsListProps) {
  const holdsQuery = useStandHolds(stand.id, access);
  const decide = useDecideHold(access);
  const [result, setResult] = useState<string | null>(null);
  // The decided row changes its buttons (or loses them): the focus goes to what was decided, not to the page.
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const onDecide = (hold: THold, decision: THoldDecision) => {
    setResult(null);
    decide.mutate(
      { hold, decision },
      {
        onSuccess: (saved) => setResult(`„${saved.item.title}“: ${decisionResultText(saved.status, saved.pickupCode)}`),
        onError: (error) => {
          if (isUnauthorizedError(error)) handleSessionExpired();
        },
      },
    );
  };

  const holds = holdsQuery.data ?? [];
  return (
    <section className="stand-holds" aria-labelledby="stand-holds-title">
      <h3 id="stand-holds-title" className="stand-items__new-title">
        Reservierungen
      </h3>
      <p className="field-hint">
        Reservierungen gelten bis {stand.holdMinutes ?? HOLD_MINUTES_DEFAULT} Minuten nach Marktbeginn.
        {/* A guest has no edit form: the time stays as it is for them. */}
        {access.manageToken ? null : (
          <>
            {' '}
            <Link to={paths.standEdit(stand.id)}>Zeit ändern</Link>
          </>
        )}
      </p>
      <p ref={resultRef} className="stand-holds__result" role="status" tabIndex={-1}>
        {result}
      </p>
      {decide.isError && !isUnauthorizedError(decide.error) ? <FormMessage message={decide.error.message} /> : null}
      {holdsQuery.isError ? <FormMessage message={holdsQuery.error.message} /> : null}
      {holdsQuery.isSuccess && holds.length === 0 ? <p className="muted">Noch hat niemand ein Angebot reserviert.</p> : null}
      {holds.length > 0 ? (
        <ul className="stand-holds__list">
          {holds.map((hold) => (
            <HoldRow key={hold.id} hold={hold} busy={decide.isPending} onDecide={onDecide} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
