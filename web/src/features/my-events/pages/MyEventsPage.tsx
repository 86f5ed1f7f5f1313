import type { TAuthUser, TMyEvent } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen } from '@/components/ui/StatusScreen';
import { useMyEvents } from '../api/get-my-events';
import { InviteCodeForm } from '../components/InviteCodeForm';
import { MyEventRow } from '../components/MyEventRow';
import '@/components/form/forms.css';
import '@/components/layout/account-pages.css';
import '../my-events.css';
import { paths } from '@/lib/paths';

/** A market not over yet, a cancelled one too (the server lists those first, by the same rule). */
const isAhead = (event: TMyEvent, now: number) => Date.parse(event.endDateTime) >= now;

function MyEventList({ title, events }: { title: string | null; events: TMyEvent[] }) {
  if (events.length === 0) return null;
  const list = (
    <ul className="my-events">
      {events.map((event) => (
        <MyEventRow key={event.id} event={event} />
      ))}
    </ul>
  );
  if (!title) return list;
  return (
    <section className="my-events__section" aria-label={title}>
      <h2 className="my-events__subtitle">{title}</h2>
      {list}
    </section>
  );
}

function MyEvents({ user }: { user: TAuthUser }) {
  const events = useMyEvents(user.id);
  useSessionCheck(events.error);

  if (events.isPending) return <PageSpinner />;
  if (events.isError) return <LoadErrorScreen message={events.error.message} />;

  const now = Date.now();
  const ahead = events.data.filter((e) => isAhead(e, now));
  const past = events.data.filter((e) => !isAhead(e, now));
  return (
    <div className="form-page container">
      <title>Meine Flohmärkte – Flohmarkt</title>
      <div className="page-head">
        <h1 className="form-page__title">Meine Flohmärkte</h1>
        {events.data.length > 0 ? (
          <Link className="button button--outline button--small" to={paths.createEvent()}>
            Flohmarkt erstellen
          </Link>
        ) : null}
      </div>
      {events.data.length === 0 ? (
        <div className="empty-state empty-state--box">
          <p className="empty-state__title">Du veranstaltest noch keinen Flohmarkt.</p>
          <p className="empty-state__text">Leg deinen ersten Flohmarkt an: Verkäufer melden dort ihre Stände an, und du findest ihn hier wieder.</p>
          <Link className="button button--primary" to={paths.createEvent()}>
            Flohmarkt erstellen
          </Link>
        </div>
      ) : (
        <>
          <MyEventList title={past.length > 0 ? 'Kommende Flohmärkte' : null} events={ahead} />
          <MyEventList title="Vergangene Flohmärkte" events={past} />
        </>
      )}
      {/* Issue 36: someone invited into a market's team by a code. */}
      <InviteCodeForm />
    </div>
  );
}

/**
 * /my-events (signed in): the markets I organise and (issue 36) those of my teams, upcoming first, each with
 * its counters and a way to its review list (issue 30), the market day and the team; an invite code to enter.
 */
export function MyEventsPage() {
  return <RequireAuth>{(user) => <MyEvents user={user} />}</RequireAuth>;
}
