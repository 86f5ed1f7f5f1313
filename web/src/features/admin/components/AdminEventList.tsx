import { TOASTS, type TEvent } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/features/auth-guard/lib/session-expired';
import { formatDateTime } from '@/lib/format';
import { useDeleteEvent } from '../api/admin';
import { ShowMoreButton, useShownCount } from './ShowMore';

/** Every event, newest start first, each with delete behind a confirmation. */
export function AdminEventList({ events }: { events: TEvent[] }) {
  const remove = useDeleteEvent();
  const [toDelete, setToDelete] = useState<TEvent | null>(null);
  const sorted = [...events].sort((a, b) => b.startDateTime.localeCompare(a.startDateTime));
  const page = useShownCount(sorted.length);

  const confirm = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: TOASTS.eventDeleted }),
      onError: (error) => reportError(error, TOASTS.eventDeleteFailed),
      onSettled: () => setToDelete(null),
    });
  };

  if (sorted.length === 0) return <p className="muted">Noch keine Events.</p>;
  return (
    <>
      <ul className="admin-rows">
        {sorted.slice(0, page.shown).map((event) => (
          <li key={event.id} className="admin-row">
            <div className="admin-row__text">
              <Link className="admin-row__title" to={`/events/${event.id}`}>
                {event.name}
              </Link>
              <p className="admin-row__meta">
                {formatDateTime(event.startDateTime)} Uhr · {event.location} · {event.standCount === 1 ? '1 Stand' : `${event.standCount ?? 0} Stände`}
              </p>
            </div>
            <div className="admin-row__actions">
              <button type="button" className="button button--ghost-danger button--small" onClick={() => setToDelete(event)} aria-label={`Event „${event.name}“ löschen`}>
                Löschen
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ShowMoreButton shown={page.shown} total={sorted.length} onMore={page.more} />
      <ConfirmDialog open={toDelete !== null} title="Event löschen?" confirmLabel="Event löschen" busy={remove.isPending} onConfirm={confirm} onCancel={() => setToDelete(null)}>
        <p>„{toDelete?.name}“ wird mit allen Ständen und Fotos endgültig gelöscht.</p>
      </ConfirmDialog>
    </>
  );
}
