import { TEAM_ROLE_LABELS, type TTeamRole } from '@flohmarkt/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import '@/features/organiser-cockpit/organiser-cockpit.css';

/**
 * The way to the market day and the team (issue 36), for everyone with a part in the market: the
 * organiser and co-organisers get both, a helper only the market day (the team is not theirs to see).
 */
export function MarketDayLinksCard({ eventId, role }: { eventId: string; role: 'organizer' | TTeamRole }) {
  const titleId = useId();
  return (
    <section className="card market-day-links" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Markttag und Team
      </h2>
      {role === 'organizer' ? null : <p className="market-day-links__role">Du bist {TEAM_ROLE_LABELS[role]} bei diesem Flohmarkt.</p>}
      <div className="market-day-links__actions">
        <Link className="button button--outline button--small" to={paths.marketDay(eventId)}>
          Markttag
        </Link>
        {role === 'helper' ? null : (
          <Link className="button button--outline button--small" to={paths.eventTeam(eventId)}>
            Team
          </Link>
        )}
      </div>
    </section>
  );
}
