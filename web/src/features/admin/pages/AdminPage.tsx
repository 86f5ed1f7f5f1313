import type { TAuthUser } from '@flohmarkt/contracts';
import { Spinner } from '@/components/ui/Spinner';
import { RequireAdmin } from '@/components/auth-guard/components/RequireAdmin';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useAdminStandStats, useAdminUsers } from '../api/admin';
import { useAdminEvents } from '../api/admin-events';
import { AdminCounters } from '../components/AdminCounters';
import { AdminEventList } from '../components/AdminEventList';
import { AdminUserList } from '../components/AdminUserList';
import '@/components/form/forms.css';
import '../admin.css';

function Dashboard({ user }: { user: TAuthUser }) {
  const events = useAdminEvents();
  const users = useAdminUsers();
  const standStats = useAdminStandStats();
  useSessionCheck(events.error, users.error, standStats.error);

  return (
    <div className="form-page form-page--wide container admin-page">
      <title>Admin – Flohmarkt</title>
      <h1 className="form-page__title">Admin-Dashboard</h1>
      <AdminCounters
        counters={[
          { label: 'Events', value: events.data?.total ?? null },
          { label: 'Benutzer', value: users.data?.length ?? null },
          { label: 'Stände', value: standStats.data?.approved ?? null },
          { label: 'Stände warten auf Freigabe', value: standStats.data?.pending ?? null },
        ]}
      />
      <div className="admin-layout">
        <section className="card" aria-labelledby="admin-events-title">
          <h2 id="admin-events-title" className="card__title">
            Events
          </h2>
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
            />
          )}
        </section>
        <section className="card" aria-labelledby="admin-users-title">
          <h2 id="admin-users-title" className="card__title">
            Benutzer
          </h2>
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
