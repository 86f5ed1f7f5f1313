import { MARKET_DAY_MESSAGES, TEAM_ROLE_LABELS, formatDateTime, type TMyEvent, type TTeamInvitePreview } from '@flohmarkt/contracts';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormMessage } from '@/components/form/Field';
import { PageSpinner } from '@/components/ui/Spinner';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useMyEvents } from '@/features/my-events/api/get-my-events';
import { isApiError } from '@/lib/api-client';
import { loginUrl } from '@/lib/event-links';
import { paths } from '@/lib/paths';
import { busyButton } from '@/components/ui/busy-button';
import { takeLostFocus } from '@/lib/take-lost-focus';
import { useAcceptTeamInvite, useTeamInvite } from '../api/team';
import '@/components/form/forms.css';
import '../team.css';

// The code in the path opens the invite: the page sends no referrer with its links and asks not to be indexed.
const PRIVATE_PAGE_META = (
  <>
    <meta name="referrer" content="no-referrer" />
    <meta name="robots" content="noindex" />
  </>
);

function InviteFacts({ invite }: { invite: TTeamInvitePreview }) {
  return (
    <dl className="card form-page__facts">
      <dt>Flohmarkt</dt>
      <dd>
        <strong>{invite.event.name}</strong>
      </dd>
      <dt>Wann</dt>
      <dd>{formatDateTime(invite.event.startDateTime)} Uhr</dd>
      <dt>Wo</dt>
      <dd>{invite.event.location}</dd>
      <dt>Deine Rolle</dt>
      <dd>{TEAM_ROLE_LABELS[invite.role]}</dd>
      <dt>Gilt bis</dt>
      <dd>{formatDateTime(invite.expiresAt)} Uhr</dd>
    </dl>
  );
}

/**
 * Where the signed-in user already stands at the invite's market, from their "Meine Flohmärkte"
 * (GET /api/me/events lists the markets they organise and those of their teams, helpers' too):
 * 'own' (they organise it), 'member' (on the team with the invite's role or a higher one), or null
 * (not on the team, or a helper whom a co-organiser invite would raise; also while the list is unknown).
 */
function standingAt(invite: TTeamInvitePreview, myEvents: TMyEvent[] | undefined): { kind: 'own' | 'member'; event: TMyEvent } | null {
  const event = myEvents?.find((e) => e.id === invite.event.id);
  if (!event) return null;
  const role = event.teamRole ?? null;
  if (role === null) return { kind: 'own', event };
  if (role === 'helper' && invite.role === 'co-organizer') return null;
  return { kind: 'member', event };
}

function MarketLinks({ eventId }: { eventId: string }) {
  return (
    <div className="form-actions">
      <Link className="button button--primary" to={paths.marketDay(eventId)}>
        Zum Markttag
      </Link>
      <Link className="button button--outline" to={paths.event(eventId)}>
        Zum Flohmarkt
      </Link>
    </div>
  );
}

/**
 * /team/{code} (issue 36): what an invite is for, before joining. Opening it only reads; signed out,
 * the sign-in comes back here; signed in, one press joins the team with the invite's role. A code
 * that does not exist, has expired or was withdrawn, one that no longer admits a removed member, or
 * too many tries, is said in the server's words. Someone already on the team (or the market's organiser)
 * opening the link again is told so, with the way to the market day, instead of being asked to join.
 */
export function TeamInvitePage() {
  const { code = '' } = useParams();
  const { user, isLoading: userLoading } = useCurrentUser();
  const inviteQuery = useTeamInvite(code);
  const accept = useAcceptTeamInvite(code);
  const myEvents = useMyEvents(user?.id ?? '', { enabled: user !== null });
  // „Dem Team beitreten“ leaves with the joining: the welcome takes the focus instead of the page.
  const welcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (accept.isSuccess) takeLostFocus(() => welcome.current);
  }, [accept.isSuccess]);

  if (inviteQuery.isPending || userLoading || (user !== null && myEvents.isPending)) return <PageSpinner />;
  if (inviteQuery.isError) {
    // 403: signed in and removed from this market's team since the code was made (the code would refuse them).
    const refused = isApiError(inviteQuery.error) && [403, 404, 410, 429].includes(inviteQuery.error.status);
    return (
      <>
        {PRIVATE_PAGE_META}
        <title>Einladung – Flohmarkt</title>
        <StatusScreen title={refused ? 'Einladung nicht möglich' : 'Die Einladung konnte nicht geladen werden'} text={inviteQuery.error.message} />
      </>
    );
  }

  const invite = inviteQuery.data;
  const role = TEAM_ROLE_LABELS[invite.role];
  // Not after joining here: the list read again then has the market, and the welcome stays.
  const standing = user === null || accept.isSuccess ? null : standingAt(invite, myEvents.data);
  const raises = invite.role === 'co-organizer' && myEvents.data?.some((e) => e.id === invite.event.id && e.teamRole === 'helper') === true;
  return (
    <div className="form-page container team-invite-page">
      {PRIVATE_PAGE_META}
      <title>Einladung ins Team – Flohmarkt</title>
      <h1 className="form-page__title">Einladung ins Team</h1>
      <p className="form-page__lead">
        Du bist als {role} zu „{invite.event.name}“ eingeladen.
      </p>
      <InviteFacts invite={invite} />
      {accept.isSuccess ? (
        <>
          <p ref={welcome} className="team-invite-page__result" role="status" tabIndex={-1}>
            Willkommen im Team! Du bist jetzt {role} bei „{invite.event.name}“.
          </p>
          <MarketLinks eventId={accept.data.eventId} />
        </>
      ) : standing?.kind === 'own' ? (
        <>
          <p className="team-invite-page__result" role="status">
            {MARKET_DAY_MESSAGES.inviteOwnMarket}
          </p>
          <MarketLinks eventId={standing.event.id} />
        </>
      ) : standing?.kind === 'member' ? (
        <>
          <p className="team-invite-page__result" role="status">
            Du bist schon im Team: {TEAM_ROLE_LABELS[standing.event.teamRole ?? invite.role]} bei „{invite.event.name}“.
          </p>
          <MarketLinks eventId={standing.event.id} />
        </>
      ) : user === null ? (
        <>
          <p>Melde dich an, um dem Team beizutreten. Danach kommst du hierher zurück.</p>
          <div className="form-actions">
            <a className="button button--primary" href={loginUrl(paths.teamInvite(code))}>
              Anmelden
            </a>
          </div>
        </>
      ) : (
        <>
          {raises ? (
            <p>
              Du bist schon als {TEAM_ROLE_LABELS.helper} im Team. Mit dieser Einladung wirst du {role}.
            </p>
          ) : null}
          {accept.isError ? <FormMessage message={accept.error.message} /> : null}
          <div className="form-actions">
            {/* Not `disabled` while joining: the focus would drop to the page before the welcome can take it. */}
            <button type="button" className="button button--primary" {...busyButton(accept.isPending)} onClick={() => accept.isPending || accept.mutate()}>
              {accept.isPending ? 'Wird beigetreten …' : 'Dem Team beitreten'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
