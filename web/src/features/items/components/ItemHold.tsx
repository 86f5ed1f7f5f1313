import { HOLD_MESSAGES, type TAuthUser, type TEvent, type THold, type THoldsClosedReason, type TItem, type TStand } from '@flohmarkt/contracts';
import { useRef, useState } from 'react';
import { FormMessage } from '@/components/form/Field';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { HOLD_REQUESTED_TEXT, heldByYouText, holdConfirmText } from '@/features/holds/api/hold-text';
import { useRequestHold } from '@/features/holds/api/holds';
import { isUnauthorizedError } from '@/lib/api-client';
import { loginUrl } from '@/lib/event-links';
import { paths } from '@/lib/paths';
import { itemRowId } from './ItemRow';

interface ItemHoldProps {
  item: TItem;
  stand: TStand;
  event: TEvent | null;
  user: TAuthUser | null;
  /** The visitor's own open hold of this item, if any (from „Meine Reservierungen“). */
  myHold: THold | undefined;
  /** Whether the market's hold time is over, or the market cancelled or over (VisitorItemList says why, once). */
  holdsClosed: boolean;
  /** Looks at the time again right before asking; answers why holds are closed now, null while they are open. */
  recheck: () => THoldsClosedReason | null;
}

/**
 * „Reservieren“ under an item on the stand page (issue 35): the holder reads their hold (asked, or
 * accepted with the pickup code); a signed-in visitor who is not the seller may ask for an available
 * item of an approved stand after a short confirmation; a signed-out one is offered the sign-in that
 * comes back to the stand. Once the market's hold time is over nothing is offered (the list says why),
 * so the confirmation never names an hour already past. The server's refusals (held already,
 * 10 holds, too late) are said as sent; after „too late“ the button goes too.
 */
export function ItemHold({ item, stand, event, user, myHold, holdsClosed, recheck }: ItemHoldProps) {
  const request = useRequestHold();
  const [confirming, setConfirming] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);
  const refusal = useRef<HTMLDivElement>(null);

  const ask = () => {
    request.mutate(item, {
      // „Reservieren“ is gone once asked: the line saying so takes the focus, after the dialog has closed.
      onSuccess: () => requestAnimationFrame(() => note.current?.focus()),
      onError: (error) => {
        if (isUnauthorizedError(error)) handleSessionExpired();
        // The refusal takes the focus (after „too late“ the button it would go back to is gone).
        else requestAnimationFrame(() => refusal.current?.focus());
      },
      onSettled: () => setConfirming(false),
    });
  };

  // The result of the visitor's own request, announced as it arrives.
  const ownLine = myHold
    ? myHold.status === 'accepted'
      ? heldByYouText(myHold.pickupCode)
      : HOLD_REQUESTED_TEXT
    : request.isSuccess
      ? HOLD_REQUESTED_TEXT
      : null;
  // The server's clock said the hold time is over before the page's did: nothing more to offer here.
  const refusedTooLate = request.isError && request.error.message === HOLD_MESSAGES.tooLate;
  const offered = !ownLine && !holdsClosed && !refusedTooLate && item.status === 'available' && stand.status === 'approved' && user?.id !== stand.exhibitorId;
  const confirm = () => {
    if (recheck() === null) setConfirming(true);
  };

  return (
    <div className="stand-item__hold">
      <p ref={note} className="stand-item__hold-note" role="status" tabIndex={-1}>
        {ownLine}
      </p>
      {request.isError && !isUnauthorizedError(request.error) ? (
        <div ref={refusal} tabIndex={-1}>
          <FormMessage message={request.error.message} />
        </div>
      ) : null}
      {offered && !user ? (
        <a
          className="stand-item__hold-sign-in"
          href={loginUrl(`${paths.stand(stand.id)}#${itemRowId(item.id)}`)}
          aria-label={`Zum Reservieren von „${item.title}“ anmelden`}
        >
          Zum Reservieren anmelden
        </a>
      ) : null}
      {offered && user ? (
        <button type="button" className="button button--outline button--small" onClick={confirm} aria-label={`„${item.title}“ reservieren`}>
          Reservieren
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming && !holdsClosed}
        onCancel={() => setConfirming(false)}
        title={`„${item.title}“ reservieren?`}
        confirmLabel={request.isPending ? 'Wird angefragt …' : 'Reservieren'}
        onConfirm={ask}
        busy={request.isPending}
        tone="primary"
      >
        <p>{holdConfirmText(event?.startDateTime, stand.holdMinutes)}</p>
      </ConfirmDialog>
    </div>
  );
}
