import { LIMITS, type TStand, formatDate } from '@flohmarkt/contracts';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { CategoryBadges } from '@/components/stands/CategoryBadges';
import { standTitle } from '@/lib/stand-title';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { paths } from '@/lib/paths';

/** The latest stands first (by creation), at most LIMITS.exhibitorRecentActivities. */
export function recentStands(stands: TStand[]): TStand[] {
  return [...stands].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LIMITS.exhibitorRecentActivities);
}

/** The exhibitor's recent stands, each with its event (one request per shown event, at most 3). */
export function RecentStands({ stands }: { stands: TStand[] }) {
  const events = useQueries({ queries: stands.map((s) => eventQueryOptions(s.eventId)) });
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title" className="card__title">
        Letzte Stände
      </h2>
      {stands.length === 0 ? (
        <p className="muted">Noch keine Stände.</p>
      ) : (
        <ul className="recent-list">
          {stands.map((stand, i) => {
            const event = events[i]?.data;
            return (
              <li key={stand.id} className="recent-list__item">
                <p className="recent-list__title">
                  <Link to={paths.stand(stand.id)}>{standTitle(stand)}</Link>
                  {event ? (
                    <>
                      {' '}
                      auf <Link to={paths.event(event.id)}>{event.name}</Link> <EventCancelledBadge event={event} />
                    </>
                  ) : null}
                </p>
                {event ? (
                  <p className="muted">
                    {formatDate(event.startDateTime)} · {event.location}
                  </p>
                ) : null}
                <CategoryBadges stand={stand} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
