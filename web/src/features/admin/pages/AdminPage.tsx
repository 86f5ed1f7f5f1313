import { ROLES, ROLE_LABELS, type TAuthUser, type TRole } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { RequireAdmin } from '@/components/auth-guard/components/RequireAdmin';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useAdminStandStats, useAdminUsers } from '../api/admin';
import { AdminHits, AdminSearchField } from '../components/AdminSearchField';
import { useDebouncedValue } from '@/components/location/use-debounced-value';
import { useAdminEvents } from '../api/admin-events';
import { AdminCounters } from '../components/AdminCounters';
import { AdminEventList } from '../components/AdminEventList';
import { ADMIN_USERS_TITLE_ID, AdminUserList } from '../components/AdminUserList';
import '@/components/form/forms.css';
import '../admin.css';

/** A search asks the server once typing pauses, not per key. */
const SEARCH_PAUSE_MS = 300;

function Dashboard({ user }: { user: TAuthUser }) {
  // Issue 30: each list has its search (and the users a role filter); the counters always count everything.
  const [eventSearch, setEventSearch] = useState('');
  const [userSearch, setUserSearch] = useState('');
  const [role, setRole] = useState<TRole | ''>('');
  const eventQ = useDebouncedValue(eventSearch.trim(), SEARCH_PAUSE_MS);
  const userQ = useDebouncedValue(userSearch.trim(), SEARCH_PAUSE_MS);
  const allEvents = useAdminEvents();
  const allUsers = useAdminUsers();
  const events = useAdminEvents(eventQ);
  const users = useAdminUsers({ q: userQ, role });
  const standStats = useAdminStandStats();
  useSessionCheck(events.error, users.error, standStats.error);
  const filteringUsers = userQ !== '' || role !== '';

  return (
    <div className="form-page form-page--wide container admin-page">
      <title>Admin – Flohmarkt</title>
      <h1 className="form-page__title">Admin-Dashboard</h1>
      <AdminCounters
        counters={[
          { label: 'Events', value: allEvents.data?.total ?? null },
          { label: 'Benutzer', value: allUsers.data?.length ?? null },
          { label: 'Stände', value: standStats.data?.approved ?? null },
          { label: 'Stände warten auf Freigabe', value: standStats.data?.pending ?? null },
        ]}
      />
      <div className="admin-layout">
        <section className="card" aria-labelledby="admin-events-title">
          <h2 id="admin-events-title" className="card__title">
            Events
          </h2>
          <div className="admin-filters">
            <AdminSearchField id="admin-event-search" label="Name, Ort oder E-Mail" value={eventSearch} onChange={setEventSearch} />
          </div>
          {eventQ !== '' && events.data ? <AdminHits count={events.data.total} one="Flohmarkt" many="Flohmärkte" /> : null}
          {events.isPending ? (
            <Spinner />
          ) : events.isError && !events.isFetchNextPageError ? (
            <p className="notice notice--error">{events.error.message}</p>
          ) : (
            <AdminEventList
              events={events.data.events}
              total={events.data.total}
              onMore={events.hasNextPage ? () => void events.fetchNextPage() : undefined}
              loadingMore={events.isFetchingNextPage}
              moreError={events.isFetchNextPageError ? events.error : null}
              emptyText={eventQ === '' ? 'Noch keine Flohmärkte.' : 'Keine Flohmärkte gefunden.'}
            />
          )}
        </section>
        <section className="card" aria-labelledby={ADMIN_USERS_TITLE_ID}>
          <h2 id={ADMIN_USERS_TITLE_ID} className="card__title" tabIndex={-1}>
            Benutzer
          </h2>
          <div className="admin-filters">
            <AdminSearchField id="admin-user-search" label="Name oder E-Mail" value={userSearch} onChange={setUserSearch} />
            <div className="admin-filter">
              <label className="admin-filter__label" htmlFor="admin-user-role">
                Rolle
              </label>
              <select id="admin-user-role" className="input" value={role} onChange={(e) => setRole(e.target.value as TRole | '')}>
                <option value="">Alle Rollen</option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {filteringUsers && users.data ? <AdminHits count={users.data.length} one="Benutzer" many="Benutzer" /> : null}
          {users.isPending ? (
            <Spinner />
          ) : users.isError ? (
            <p className="notice notice--error">{users.error.message}</p>
          ) : (
            <AdminUserList users={users.data} selfId={user.id} />
          )}
        </section>
      </div>
    </div>
  );
}

/** /admin (admins only): counters, events and users (docs/product.md#screens-and-routes). */
export function AdminPage() {
  return <RequireAdmin>{(user) => <Dashboard user={user} />}</RequireAdmin>;
}
