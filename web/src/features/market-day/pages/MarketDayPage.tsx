import {
  TEAM_ROLE_LABELS,
  checkInWindow,
  formatDate,
  formatDateTime,
  formatEventSpan,
  formatLongDate,
  formatTime,
  type TMarketDay,
} from '@flohmarkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RequireAuth } from '@/components/auth-guard/components/RequireAuth';
import { handleSessionExpired } from '@/components/auth-guard/lib/session-expired';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { hasSessionHint, useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEvent } from '@/features/events/api/get-event';
import { isApiError, isNoConnectionError, isUnauthorizedError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { standTitle } from '@/lib/stand-title';
import { marketDayQueryKey, useMarketDay } from '../api/market-day';
import { DayCounts } from '../components/DayCounts';
import { OnlyApprovedNote } from '../components/OnlyApprovedNote';
import { RemindOpen } from '../components/RemindOpen';
import { StandCheckInRow } from '../components/StandCheckInRow';
import { SyncStatus } from '../components/SyncStatus';
import { WalkUpSection } from '../components/WalkUpSection';
import { groupByStreet, matchesSearch, mergeTicks } from '../lib/day-view';
import { readKeptMarketDay } from '../lib/kept-market-day';
import { clockOffsetOf, useCheckInSync } from '../lib/use-check-in-sync';
import { useOnline } from '../lib/use-online';
import { useRenderAt } from '../lib/use-render-at';
import '../market-day.css';

/** A refusal that no reload changes (403 not in the team, 404 no such market): the page says it instead of an old copy. */
function finalRefusal(error: Error | null): error is Error & { status: number } {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

const ROLE_WORDS: Record<TMarketDay['role'], string> = { organizer: 'Veranstalter:in', ...TEAM_ROLE_LABELS };

/** The sentence the check-in buttons point at while they wait. */
const CHECK_IN_CLOSED_ID = 'check-in-closed';

/**
 * Why nobody can tick now (the server refuses outside its check-in window): too early, over, or cancelled; null
 * while ticking is possible. Opened days ahead, the list is there to look at and prepare.
 */
function checkInClosed(facts: { startDateTime: string; endDateTime: string } | null, cancelled: boolean, now: number): string | null {
  if (cancelled) return 'Der Flohmarkt ist abgesagt: Es wird nicht eingecheckt.';
  if (!facts) return null;
  const { from, until } = checkInWindow(facts);
  if (now < from.getTime()) return `Einchecken geht ab ${formatDateTime(from)} Uhr (24 Stunden vor Beginn). Bis dahin kannst du die Liste schon ansehen.`;
  if (now >= until.getTime()) return 'Der Markttag ist vorbei: Es wird nicht mehr eingecheckt.';
  return null;
}

/** When the page turns by the clock alone: the check-in window opens and closes, the market ends. */
function turningPoints(facts: { startDateTime: string; endDateTime: string } | null): number[] {
  if (!facts) return [];
  const { from, until } = checkInWindow(facts);
  return [from.getTime(), until.getTime(), Date.parse(facts.endDateTime)];
}

function MarketDay({ eventId }: { eventId: string }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const event = useEvent(eventId);
  // The copy of the last answer, read once: what a reload without reception shows until the server answers.
  const [kept] = useState(() => readKeptMarketDay(eventId));
  const query = useMarketDay(eventId, online, event.data);
  const clockOffset = query.data ? clockOffsetOf(query.data.serverTime, query.dataUpdatedAt) : 0;
  const { pending, tick, refused } = useCheckInSync(eventId, clockOffset);
  const [search, setSearch] = useState('');

  const day = query.data ?? kept?.day;
  const view = useMemo(() => (day ? mergeTicks(day, pending) : null), [day, pending]);
  const groups = useMemo(() => (view ? groupByStreet(view.stands.filter((s) => matchesSearch(s, search))) : []), [view, search]);

  useEffect(() => {
    if (isUnauthorizedError(query.error)) handleSessionExpired();
  }, [query.error]);

  const facts = event.data ?? kept?.event ?? null;
  useRenderAt(turningPoints(facts), clockOffset);

  if (finalRefusal(query.error)) {
    return query.error.status === 404 ? (
      <StatusScreen title="Flohmarkt nicht gefunden" />
    ) : (
      <StatusScreen title="Kein Zugang zum Markttag" text={query.error.message} />
    );
  }
  if (!day || !view) {
    if (query.isError && !isNoConnectionError(query.error)) return <LoadErrorScreen message={query.error.message} />;
    if (query.isError || !online) {
      return (
        <StatusScreen title="Du bist offline" text="Die Liste des Markttags ist auf diesem Gerät noch nicht gespeichert. Öffne die Seite einmal mit Netz." />
      );
    }
    return <PageSpinner />;
  }

  const fromCopy = !query.data || query.isError || !online;
  // Over by the server's clock (the answer's serverTime), re-read with each refresh of the list.
  const closed = event.data?.status === 'cancelled' ? 'cancelled' : facts && Date.parse(facts.endDateTime) <= Date.now() + clockOffset ? 'ended' : null;
  const tickingClosed = checkInClosed(facts, event.data?.status === 'cancelled', Date.now() + clockOffset);
  const labelOf = (standId: string) => {
    const stand = day.stands.find((s) => s.id === standId);
    return stand ? standTitle(stand) : 'Stand';
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: marketDayQueryKey(eventId) });

  return (
    <div className="market-day container">
      <title>{`Markttag${facts ? ` – ${facts.name}` : ''} – Flohmarkt`}</title>
      <header className="day-header">
        <p className="day-header__eyebrow">Markttag · {ROLE_WORDS[day.role]}</p>
        <h1 className="day-header__title">{facts?.name ?? 'Markttag'}</h1>
        {facts ? (
          <p className="day-header__when">
            {/* A night market that ends after midnight names both days. */}
            {formatDate(facts.startDateTime) === formatDate(facts.endDateTime)
              ? `${formatLongDate(facts.startDateTime)}, ${formatTime(facts.startDateTime)}–${formatTime(facts.endDateTime)} Uhr`
              : formatEventSpan(facts.startDateTime, facts.endDateTime)}{' '}
            · <Link to={paths.event(eventId)}>Zur Seite des Flohmarkts</Link>
          </p>
        ) : null}
      </header>
      <div className="market-day__layout">
        <div className="market-day__side">
          <div className="day-bar">
            <DayCounts counts={view.counts} maxStands={event.data?.maxStands} reconfirmation={day.reconfirmation.enabled} />
            <SyncStatus waiting={pending.length} online={online} refused={refused} labelOf={labelOf} />
            {fromCopy ? <p className="day-bar__copy">Stand von {formatTime(day.serverTime)} Uhr</p> : null}
          </div>
          {/* Below the bar, not in it: on a phone the bar stays on screen while the list scrolls. */}
          {tickingClosed ? (
            <p id={CHECK_IN_CLOSED_ID} className="notice" role="status">
              {tickingClosed}
            </p>
          ) : null}
          <OnlyApprovedNote day={day} />
          <RemindOpen day={day} online={online} />
          <WalkUpSection event={event.data} online={online} closed={closed} onAdded={refresh} />
        </div>
        <section className="market-day__list" aria-label="Stände in Laufreihenfolge">
          <label className="day-search">
            <span className="day-search__label">Stand suchen (Name oder Nummer)</span>
            <input className="day-search__input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
          </label>
          {view.stands.length === 0 ? <p className="muted">Noch keine freigegebenen Stände.</p> : null}
          {view.stands.length > 0 && groups.length === 0 ? <p className="muted">Kein Stand passt zu „{search.trim()}“.</p> : null}
          {groups.map((group) => (
            <section key={group.street ?? ''} className="day-street" aria-label={group.street ?? 'Ohne Straße'}>
              <h2 className="day-street__title">{group.street ?? 'Ohne Straße'}</h2>
              <ul className="day-street__stands">
                {group.stands.map((stand) => (
                  <StandCheckInRow
                    key={stand.id}
                    stand={stand}
                    reconfirmation={day.reconfirmation.enabled}
                    onTick={tick}
                    closedBy={tickingClosed ? CHECK_IN_CLOSED_ID : undefined}
                  />
                ))}
              </ul>
            </section>
          ))}
        </section>
      </div>
    </div>
  );
}

/**
 * /events/{id}/markttag (issue 36): the team's check-in on a phone and the organiser's day view in
 * one screen. Signed in; a phone that holds a session and a kept copy of this market's list shows
 * it even when the question for the user fails (a reload without reception): the calls decide.
 */
export function MarketDayPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  const [keptHere] = useState(() => hasSessionHint() && readKeptMarketDay(id) !== null);
  if (!isLoading && !user && keptHere) return <MarketDay eventId={id} />;
  return <RequireAuth>{() => <MarketDay eventId={id} />}</RequireAuth>;
}
