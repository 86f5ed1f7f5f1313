import { SCREENS, type TAuthUser, type TStand, formatDateTime } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen, LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { useSessionCheck } from '@/components/auth-guard/lib/use-session-check';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEvent } from '@/features/events/api/get-event';
import { registrationClosedText } from '@/lib/event-permissions';
import { isCancelled } from '@/lib/event-status';
import { useLastTimeStand } from '../api/last-time-stand';
import { useMyStands } from '../api/my-stands';
import { AlreadyRegistered } from '../components/AlreadyRegistered';
import { RegisterStandForm, type RegisterOutcome } from '../components/RegisterStandForm';
import { registrationState } from '../lib/registration-state';
import '@/components/form/forms.css';
import { paths } from '@/lib/paths';

/** The user's latest withdrawn or rejected stand at the event: registering again starts from it (issue 30, S4). */
function earlierStand(own: TStand[], eventId: string): TStand | undefined {
  return own
    .filter((stand) => stand.eventId === eventId && (stand.status === 'withdrawn' || stand.status === 'rejected'))
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0];
}

function RegisterStand({ user }: { user: TAuthUser }) {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const eventQuery = useEvent(eventId);
  const mine = useMyStands(user.id);
  // An invitation's link (issue 34): the form starts from last time's stand; one that cannot be read leaves it empty, without a word.
  const [search] = useSearchParams();
  const lastTime = useLastTimeStand(search.get('from'));
  // The server's 403 sentence when it refused although the page thought registration open.
  const [refused, setRefused] = useState<string | null>(null);
  // Answered from the form (409: registered meanwhile): the notice that takes its place takes its focus.
  const [fromForm, setFromForm] = useState(false);
  useSessionCheck(eventQuery.error, mine.error);

  if (eventQuery.isPending || mine.isPending || lastTime.isLoading) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;
  if (mine.isError) return <LoadErrorScreen message={mine.error.message} />;

  const event = eventQuery.data;
  const state = refused ? { kind: 'unavailable' as const, reason: refused } : registrationState(user, event, mine.data);
  const onDone = (outcome: RegisterOutcome) => {
    if (outcome.kind === 'registered') return navigate(paths.stand(outcome.stand.id));
    // 'already-registered': the refreshed list of own stands shows it.
    setFromForm(true);
    if (outcome.kind === 'unavailable') setRefused(outcome.reason);
  };

  return (
    <div className="form-page container">
      <title>{`Stand anmelden – ${event.name} – Flohmarkt`}</title>
      <p className="form-page__crumb">
        <Link to={paths.event(event.id)}>← {event.name}</Link>
      </p>
      {state.kind === 'registered' ? (
        <AlreadyRegistered stand={state.stand} headingLevel={1} takeFocus={fromForm} />
      ) : state.kind === 'unavailable' ? (
        <StatusScreen title={SCREENS.registrationUnavailable} text={registrationClosedText(state.reason)} homeLink={false} />
      ) : (
        <>
          <h1 className="form-page__title">Stand anmelden</h1>
          <p className="form-page__lead">
            {event.name} · {formatDateTime(event.startDateTime)} Uhr · {event.location}
          </p>
          <RegisterStandForm event={event} userId={user.id} onDone={onDone} startFrom={earlierStand(mine.data, event.id)} lastTime={lastTime.data} />
        </>
      )}
    </div>
  );
}

/**
 * /events/{eventId}/register-stand (signed in), with `?from={standId}` from an invitation's link. Guests
 * are invited too: such a link opened without a session goes to the market's page, whose guest form
 * opens pre-filled and offers the sign-in beside it, instead of sending a guest to a sign-in they cannot use.
 * A cancelled market's link opened without a session goes to its page as well.
 */
export function RegisterStandPage() {
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from');
  const { user, isLoading } = useCurrentUser();
  const signedOut = !isLoading && !user;
  // A cancelled market takes no stand: its page says so, instead of a sign-in that would end in the same news.
  // (Signed in, the form reads the same query: asked here, it loads beside the session check.)
  const event = useEvent(eventId);
  if (from && signedOut) return <Navigate replace to={`${paths.event(eventId)}?${new URLSearchParams({ from })}`} />;
  if (signedOut && event.isPending) return <PageSpinner />;
  if (signedOut && event.data && isCancelled(event.data)) return <Navigate replace to={paths.event(eventId)} />;
  return <RequireAuth>{(signedIn) => <RegisterStand user={signedIn} />}</RequireAuth>;
}
