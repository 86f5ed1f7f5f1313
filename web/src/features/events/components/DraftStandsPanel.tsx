import { TOASTS, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useDeleteStand } from '@/features/stands/api/delete-stand';
import { useDraftStands } from '@/features/stands/api/get-draft-stands';
import { useApproveDraft, useRejectStand } from '@/features/stands/api/review-draft';
import { CategoryBadges } from '@/components/stands/CategoryBadges';
import { exhibitorDisplayName } from '@/lib/exhibitor-name';
import { standTitle } from '@/lib/stand-title';

/**
 * The organiser's review list of stand registrations waiting for approval: 'Freigeben' or
 * 'Ablehnen'. A guest draft is deleted on rejection (nobody to tell); a registered user's stand
 * is rejected and stays visible to its owner as 'Abgelehnt' (docs/product.md#review-and-stand-states).
 */
export function DraftStandsPanel({ eventId }: { eventId: string }) {
  const drafts = useDraftStands(eventId, true);
  const approve = useApproveDraft(eventId);
  const reject = useRejectStand(eventId);
  const remove = useDeleteStand(eventId);
  const [toReject, setToReject] = useState<TStand | null>(null);
  const list = drafts.data ?? [];

  const onApprove = (stand: TStand) =>
    approve.mutate(stand.id, {
      onSuccess: () => toast({ title: TOASTS.standApproved }),
      onError: () => toastError(TOASTS.approveDraftFailed),
    });

  const onReject = () => {
    if (!toReject) return;
    const done = { onSettled: () => setToReject(null), onError: () => toastError(TOASTS.standDeleteFailed) };
    if (toReject.exhibitorId) reject.mutate(toReject.id, { ...done, onSuccess: () => toast({ title: 'Stand abgelehnt' }) });
    else remove.mutate(toReject.id, { ...done, onSuccess: () => toast({ title: TOASTS.standDeleted }) });
  };

  if (drafts.isPending) return <Spinner label="Stand-Anmeldungen werden geladen …" />;
  if (drafts.isError || list.length === 0) return null;

  return (
    <section className="event-section drafts" aria-labelledby="drafts-title">
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
      <ConfirmDialog
        open={toReject !== null}
        title="Anmeldung ablehnen?"
        confirmLabel="Ablehnen"
        busy={reject.isPending || remove.isPending}
        onConfirm={onReject}
        onCancel={() => setToReject(null)}
      >
        <p>
          {toReject?.exhibitorId
            ? 'Der Stand wird abgelehnt. Der Aussteller sieht ihn in seinen Ständen als „Abgelehnt“.'
            : 'Die Gast-Anmeldung wird gelöscht.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
