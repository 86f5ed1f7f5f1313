import { TOASTS, type TStand } from '@flohmarkt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/Spinner';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useDraftStands } from '@/features/stands/api/get-draft-stands';
import { useApproveDraft, useRejectStand } from '@/features/stands/api/review-draft';
import { CategoryBadges } from '@/components/stands/CategoryBadges';
import { exhibitorDisplayName } from '@/lib/exhibitor-name';
import { standTitle } from '@/lib/stand-title';
import { RejectStandDialog } from './RejectStandDialog';

/** The anchor of the review list: the organiser's digest mail links here. */
export const REVIEW_ANCHOR = 'anmeldungen';

/**
 * The organiser's review list of stand registrations waiting for approval: 'Freigeben' or
 * 'Ablehnen' with an optional reason. Every rejected stand, a guest's too, is kept as 'Abgelehnt' with the
 * reason, for its owner or under the guest's manage link (docs/product.md#review-and-stand-states, issue 17).
 */
export function DraftStandsPanel({ eventId }: { eventId: string }) {
  const drafts = useDraftStands(eventId, true);
  const approve = useApproveDraft(eventId);
  const reject = useRejectStand(eventId);
  const [toReject, setToReject] = useState<TStand | null>(null);
  const list = drafts.data ?? [];
  useScrollToReviewList(list.length > 0);

  const onApprove = (stand: TStand) =>
    approve.mutate(stand.id, {
      onSuccess: () => toast({ title: TOASTS.standApproved }),
      onError: () => toastError(TOASTS.approveDraftFailed),
    });

  const onReject = (reason: string) => {
    if (!toReject) return;
    reject.mutate(
      { standId: toReject.id, reason },
      {
        onSuccess: () => toast({ title: TOASTS.standRejected }),
        onError: (error) => toastError(TOASTS.rejectFailed(error.message)),
        onSettled: () => setToReject(null),
      },
    );
  };

  if (drafts.isPending) return <Spinner label="Stand-Anmeldungen werden geladen …" />;
  if (drafts.isError || list.length === 0) return null;

  return (
    <section id={REVIEW_ANCHOR} className="event-section drafts" aria-labelledby="drafts-title">
      <h2 id="drafts-title" className="section-title">
        Stand-Anmeldungen prüfen <span className="badge badge--pending">{list.length}</span>
      </h2>
      <ul className="drafts__list">
        {list.map((stand) => (
          <li key={stand.id} className="drafts__item">
            <div className="drafts__text">
              <p className="drafts__title">
                <Link to={`/stands/${stand.id}`}>{standTitle(stand)}</Link> · {exhibitorDisplayName(stand)}
                {stand.exhibitorId ? null : <span className="badge">Gast</span>}
              </p>
              {stand.description ? <p className="drafts__description">{stand.description}</p> : null}
              <CategoryBadges stand={stand} />
            </div>
            <div className="drafts__actions">
              <button type="button" className="button button--primary button--small" onClick={() => onApprove(stand)} disabled={approve.isPending}>
                Freigeben
              </button>
              <button type="button" className="button button--ghost-danger button--small" onClick={() => setToReject(stand)}>
                Ablehnen
              </button>
            </div>
          </li>
        ))}
      </ul>
      <RejectStandDialog stand={toReject} busy={reject.isPending} onConfirm={onReject} onCancel={() => setToReject(null)} />
    </section>
  );
}

/** The list loads after the page: a link to #anmeldungen (the digest mail) scrolls to it once it is there. */
function useScrollToReviewList(shown: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!shown || done.current || hash !== `#${REVIEW_ANCHOR}`) return;
    done.current = true;
    document.getElementById(REVIEW_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);
}
