import { TOASTS, type TEvent, formatDateTime } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { useDeleteEvent } from '../api/admin';
import { ShowMoreButton } from './ShowMore';
import { paths } from '@/lib/paths';

interface AdminEventListProps {
  /** The events read so far, latest start first. */
  events: TEvent[];
  /** All events, also those not read yet. */
  total: number;
  /** Reads the next, older page; absent once every event is read. */
  onMore?: () => void;
  loadingMore: boolean;
  /** Why the last "Weitere anzeigen" failed, if it did. */
  moreError: Error | null;
  /** Said when there is no row: none at all, or none that matches the search. */
  emptyText: string;
}

/** Every event (or those found), latest start first, each with delete behind a confirmation. */
export function AdminEventList({ events, total, onMore, loadingMore, moreError, emptyText }: AdminEventListProps) {
  const remove = useDeleteEvent();
  const toDelete = useConfirmation<TEvent>((event, done) =>
    remove.mutate(event.id, {
      onSuccess: () => toast({ title: TOASTS.eventDeleted }),
      onError: (error) => reportError(error, TOASTS.eventDeleteFailed),
      onSettled: done,
    }),
  );

  if (events.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <>
      <ul className="admin-rows">
        {events.map((event) => (
          <li key={event.id} className="admin-row">
            <div className="admin-row__text">
              <Link className="admin-row__title" to={paths.event(event.id)}>
                {event.name}
              </Link>{' '}
              <EventCancelledBadge event={event} />
              <p className="admin-row__meta">
                {formatDateTime(event.startDateTime)} Uhr · {event.location} · {event.standCount === 1 ? '1 Stand' : `${event.standCount ?? 0} Stände`}
              </p>
            </div>
            <div className="admin-row__actions">
              <button
                type="button"
                className="button button--ghost-danger button--small"
                onClick={() => toDelete.ask(event)}
                aria-label={`Event „${event.name}“ löschen`}
              >
                Löschen
              </button>
            </div>
          </li>
        ))}
      </ul>
      {moreError ? <p className="notice notice--error">{moreError.message}</p> : null}
      {onMore ? <ShowMoreButton shown={events.length} total={total} onMore={onMore} busy={loadingMore} /> : null}
      <ConfirmDialog {...toDelete.dialog} title="Event löschen?" confirmLabel="Event löschen" busy={remove.isPending}>
        <p>„{toDelete.subject?.name}“ wird mit allen Ständen und Fotos endgültig gelöscht.</p>
      </ConfirmDialog>
    </>
  );
}
