import { LIMITS, type TAuthUser, type TEvent, type TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useEvents } from '@/features/events/api/get-events';
import { useMyStands } from '@/features/stand-registration/api/my-stands';
import { standTitle } from '@/lib/stand-title';
import { formatDateTime } from '@/lib/format';
import { CategoryList } from '@/components/stands/CategoryList';
import { StandStatusBadge } from '@/components/stands/StandStatusBadge';
import '@/components/form/forms.css';
import '@/components/layout/account-pages.css';

/** The events of the listed stands, in one request (`ids=`), by id. */
function useEventsById(eventIds: string[]): Map<string, TEvent> {
  const ids = [...new Set(eventIds)].sort().slice(0, LIMITS.eventIdsPerQuery).join(',');
  const { data } = useEvents({ ids }, { enabled: ids.length > 0 });
  return new Map((data ?? []).map((event) => [event.id, event]));
}

function StandRow({ stand, event }: { stand: TStand; event: TEvent | undefined }) {
  return (
    <li className="stand-row">
      <div className="stand-row__main">
        <Link className="stand-row__title" to={`/stands/${stand.id}`}>
          {standTitle(stand)}
        </Link>
        <StandStatusBadge status={stand.status} />
      </div>
      <p className="stand-row__meta">
        {event ? (
          <>
            <Link to={`/events/${event.id}`}>{event.name}</Link> · {formatDateTime(event.startDateTime)} Uhr
          </>
        ) : (
          'Event wird geladen …'
        )}
      </p>
      <CategoryList categories={stand.categories} shown={LIMITS.myStandsCategoriesShown} />
      <div className="stand-row__actions">
        <Link className="button button--outline button--small" to={`/stands/${stand.id}`}>
          Ansehen
        </Link>
        {stand.status !== 'rejected' ? (
          <Link className="button button--ghost button--small" to={`/stands/${stand.id}/edit`}>
            Bearbeiten
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function MyStands({ user }: { user: TAuthUser }) {
  const stands = useMyStands(user.id);
  const events = useEventsById(stands.data?.map((s) => s.eventId) ?? []);
  useSessionCheck(stands.error);

  if (stands.isPending) return <PageSpinner />;
  if (stands.isError) return <LoadErrorScreen message={stands.error.message} />;

  // Soonest market first; stands whose event is not loaded yet keep their order at the end.
  const sorted = [...stands.data].sort((a, b) => {
    const da = events.get(a.eventId)?.startDateTime ?? '9999';
    const db = events.get(b.eventId)?.startDateTime ?? '9999';
    return db < da ? 1 : db > da ? -1 : 0;
  });

  return (
    <div className="form-page container">
      <title>Meine Stände – Flohmarkt</title>
      <h1 className="form-page__title">Meine Stände</h1>
      <p className="form-page__lead">Neue Anmeldungen warten auf die Freigabe durch den Organisator des Flohmarkts.</p>
      {sorted.length === 0 ? (
        <div className="empty-state empty-state--box">
          <p className="empty-state__title">Du hast noch keine Stände angemeldet.</p>
          <p className="empty-state__text">Such dir einen Flohmarkt aus und melde dort deinen Stand an.</p>
          <Link className="button button--primary" to="/">
            Flohmärkte finden
          </Link>
        </div>
      ) : (
        <ul className="stand-rows">
          {sorted.map((stand) => (
            <StandRow key={stand.id} stand={stand} event={events.get(stand.eventId)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** /my-stands (signed in): own stands with 'Wartend', 'Genehmigt' or 'Abgelehnt'. */
export function MyStandsPage() {
  return <RequireAuth>{(user) => <MyStands user={user} />}</RequireAuth>;
}
