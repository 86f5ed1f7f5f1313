import { ACTIVE_STAND_STATUSES, LIMITS, type TAuthUser, type TEvent, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useEvents } from '@/features/events/api/get-events';
import { useMyStands } from '@/features/stand-registration/api/my-stands';
import { useWithdrawStand } from '@/features/stand-registration/api/withdraw-stand';
import { standTitle } from '@/lib/stand-title';
import { MyStandRow } from '../components/MyStandRow';
import '@/components/form/forms.css';
import '@/components/layout/account-pages.css';
import { paths } from '@/lib/paths';

/** The events of the listed stands, in one request (`ids=`), by id. */
function useEventsById(eventIds: string[]): Map<string, TEvent> {
  const ids = [...new Set(eventIds)].sort().slice(0, LIMITS.eventIdsPerQuery).join(',');
  const { data } = useEvents({ ids }, { enabled: ids.length > 0 });
  return new Map((data ?? []).map((event) => [event.id, event]));
}

function MyStands({ user }: { user: TAuthUser }) {
  const stands = useMyStands(user.id);
  const events = useEventsById(stands.data?.map((s) => s.eventId) ?? []);
  const withdraw = useWithdrawStand(user.id);
  const [withdrawnId, setWithdrawnId] = useState<string | null>(null);
  const toWithdraw = useConfirmation<TStand>((stand, done) =>
    withdraw.mutate(stand, {
      onSuccess: () => {
        setWithdrawnId(stand.id);
        toast({ title: 'Stand zurückgezogen' });
      },
      onError: (error) => reportError(error, `Der Stand konnte nicht zurückgezogen werden: ${error.message}`),
      onSettled: done,
    }),
  );
  useSessionCheck(stands.error);

  if (stands.isPending) return <PageSpinner />;
  if (stands.isError) return <LoadErrorScreen message={stands.error.message} />;

  // Soonest market first; stands whose event is not loaded yet keep their order at the end.
  const sorted = [...stands.data].sort((a, b) => {
    const da = events.get(a.eventId)?.startDateTime ?? '9999';
    const db = events.get(b.eventId)?.startDateTime ?? '9999';
    return db < da ? 1 : db > da ? -1 : 0;
  });

  const activeAt = new Set(sorted.filter((s) => (ACTIVE_STAND_STATUSES as readonly string[]).includes(s.status)).map((s) => s.eventId));

  return (
    <div className="form-page container">
      <title>Meine Stände – Flohmarkt</title>
      <h1 className="form-page__title">Meine Stände</h1>
      <p className="form-page__lead">Neue Anmeldungen warten auf die Freigabe durch den Organisator des Flohmarkts.</p>
      {sorted.length === 0 ? (
        <div className="empty-state empty-state--box">
          <p className="empty-state__title">Du hast noch keine Stände angemeldet.</p>
          <p className="empty-state__text">Such dir einen Flohmarkt aus und melde dort deinen Stand an.</p>
          <Link className="button button--primary" to={paths.home()}>
            Flohmärkte finden
          </Link>
        </div>
      ) : (
        <ul className="stand-rows">
          {sorted.map((stand) => (
            <MyStandRow
              key={stand.id}
              stand={stand}
              event={events.get(stand.eventId)}
              user={user}
              activeAtEvent={activeAt.has(stand.eventId)}
              onWithdraw={toWithdraw.ask}
              withdrawnHere={stand.id === withdrawnId}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog {...toWithdraw.dialog} title="Stand zurückziehen?" confirmLabel="Zurückziehen" busy={withdraw.isPending}>
        <p>
          {toWithdraw.subject ? standTitle(toWithdraw.subject) : ''} wird vom Flohmarkt abgemeldet und erscheint dort nicht mehr. Solange der Flohmarkt
          Anmeldungen annimmt, kannst du dich neu anmelden.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** /my-stands (signed in): own stands with 'Wartend', 'Genehmigt', 'Abgelehnt' (with the reason) or 'Zurückgezogen'; withdraw behind a confirmation. */
export function MyStandsPage() {
  return <RequireAuth>{(user) => <MyStands user={user} />}</RequireAuth>;
}
