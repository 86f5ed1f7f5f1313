import { MARKET_DAY_MESSAGES, SCREENS, formatEventSpan, type TAuthUser } from '@flohmarkt/contracts';
import { Link, useParams } from 'react-router-dom';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { useEvent } from '@/features/events/api/get-event';
import { isApiError } from '@/lib/api-client';
import { mayManageEvent } from '@/lib/event-permissions';
import { paths } from '@/lib/paths';
import { useTeam } from '../api/team';
import { InviteForm } from '../components/InviteForm';
import { OpenInvites } from '../components/OpenInvites';
import { TeamMembers } from '../components/TeamMembers';
import '@/components/form/forms.css';
import '../team.css';

function Team({ user, eventId }: { user: TAuthUser; eventId: string }) {
  const eventQuery = useEvent(eventId);
  const team = useTeam(eventId);
  useSessionCheck(team.error);

  if (eventQuery.isPending || team.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  if (team.isError) {
    // Not the organiser nor a co-organiser: the server's sentence says who manages the team.
    if (isApiError(team.error) && team.error.status === 403) return <StatusScreen title="Kein Zugriff auf das Team" text={team.error.message} />;
    return <FailedLoadScreen error={team.error} notFound={SCREENS.eventNotFound} />;
  }

  const event = eventQuery.data;
  // Managing the team is the organiser's (and admins'); a co-organiser sees the members only.
  const owner = mayManageEvent(user, event);
  // A cancelled or finished market takes nobody new (the server refuses in the same words): no invite form for it.
  const over = Date.parse(event.endDateTime) < Date.now() || event.status === 'cancelled';
  return (
    <div className="form-page container team-page">
      <title>{`Team – ${event.name} – Flohmarkt`}</title>
      <h1 className="form-page__title">Team</h1>
      <p className="form-page__lead">
        <Link to={paths.event(event.id)}>{event.name}</Link> · {formatEventSpan(event.startDateTime, event.endDateTime)}
      </p>
      <p>
        <Link to={paths.marketDay(event.id)}>Zum Markttag</Link>
      </p>
      {owner && over ? <p className="notice">{MARKET_DAY_MESSAGES.marketOver}</p> : null}
      {owner && !over ? <InviteForm eventId={event.id} eventName={event.name} eventEnd={event.endDateTime} /> : null}
      {owner ? <OpenInvites eventId={event.id} invites={team.data.invites} /> : null}
      <TeamMembers eventId={event.id} members={team.data.members} mayRemove={owner} />
      {owner ? null : <p className="field-hint">Das Team verwaltet, wer den Flohmarkt veranstaltet.</p>}
    </div>
  );
}

/** /events/{id}/team (issue 36): the organiser invites co-organisers and helpers and manages them; co-organisers see who is on the team. */
export function TeamPage() {
  const { id = '' } = useParams();
  return <RequireAuth>{(user) => <Team user={user} eventId={id} />}</RequireAuth>;
}
