import { SCREENS, type TEvent, type TStandOverview, formatDateTime } from '@flohmarkt/contracts';
import { Suspense, lazy, useDeferredValue } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { GuestStandCard } from '@/features/guest-stand/components/GuestStandCard';
import { StandRegistrationPanel } from '@/features/stand-registration/components/StandRegistrationPanel';
import { useEventStands } from '@/features/stands/api/get-event-stands';
import { useStandOverview } from '@/features/stands/api/get-stand-overview';
import { useEvent } from '@/features/events/api/get-event';
import { EventActions } from '@/features/events/components/EventActions';
// Issue 36: the team's ways in and the reconfirmation tags (their words come from the contracts' zod-free market-day-texts.ts).
import { MarketDayLinksCard } from '@/features/organiser-cockpit/components/MarketDayLinksCard';
import { ConfirmationTag } from '@/components/stands/ConfirmationTag';
import { EventFacts } from '@/features/events/components/EventFacts';
import { LazySeriesDatesCard } from '@/features/events/components/LazySeriesDatesCard';
import { AddToCalendarCard } from '@/features/events/components/AddToCalendarCard';
import { EmbedSnippetCard } from '@/features/events/components/EmbedSnippetCard';
import { PrintKitCard } from '@/features/events/components/PrintKitCard';
import { StandsSection } from '@/features/events/components/StandsSection';
import { StandNumberingCard } from '@/features/organiser-cockpit/components/StandNumberingCard';
import { StandOverviewCard } from '@/features/organiser-cockpit/components/StandOverviewCard';
import { WalkUpStandCard } from '@/features/organiser-cockpit/components/WalkUpStandCard';
import { EventCancelledBadge } from '@/components/events/EventCancelledBadge';
import { cancelReasonOf, isCancelled } from '@/lib/event-status';
import { mayManageEvent, registrationClosedFor, registrationClosedText, useEventRole } from '@/lib/event-permissions';
import { LazyFollowOrganizerButton } from '@/features/come-back/components/LazyFollowOrganizerButton';
import { LazyEventReminderSwitch } from '@/features/favourites/components/LazyEventReminderSwitch';
import { FavouriteButton } from '@/features/favourites/components/FavouriteButton';
import { MerklisteLink } from '@/features/favourites/components/MerklisteLink';
import { EventPhaseBadge } from '@/features/live-status/components/EventPhaseBadge';
import { LiveStatusBadge } from '@/features/live-status/components/LiveStatusBadge';
import { ItemSearchNearLink } from '@/features/item-search/components/ItemSearchNearLink';
import { standTitle } from '@/lib/stand-title';
import { useWideLayout } from '@/lib/use-wide-layout';
import '@/features/events/events.css';

// The organiser's review list loads only for those who may review: its reject dialog validates with the
// contract schemas, and zod stays off a visitor's event page (issue 21).
const DraftStandsPanel = lazy(() => import('@/features/events/components/DraftStandsPanel').then((m) => ({ default: m.DraftStandsPanel })));

/** /events/{id}: everything about one flea market and its stands. */
export function EventPage() {
  const { id = '' } = useParams();
  // An invitation's link opened without a session lands here (issue 34): the guest form opens pre-filled.
  const [search] = useSearchParams();
  const eventQuery = useEvent(id);
  const standsQuery = useEventStands(id);
  // The stand list (cards, filters, map: the page's heaviest part) renders after the rest has
  // painted, in a render React may interrupt: the event's title and facts never wait for 50 cards.
  // null first also when the stands are in the cache already at mount (main.tsx starts them early).
  const stands = useDeferredValue(standsQuery.data ?? null, null);
  const { user, isLoading: userLoading } = useCurrentUser();
  // Issue 36: the caller's part in the market; a co-organiser gets the organiser's tools, a helper the market day's link.
  const role = useEventRole(user, eventQuery.data);
  const teamRole = role === 'organizer' ? null : role;
  // The organiser's exact counters (shared with the overview card, one request).
  const overview = useStandOverview(id, eventQuery.data ? mayManageEvent(user, eventQuery.data, teamRole) : false);
  const wide = useWideLayout();

  if (eventQuery.isPending) return <PageSpinner />;
  if (eventQuery.isError) return <FailedLoadScreen error={eventQuery.error} notFound={SCREENS.eventNotFound} />;

  const event = eventQuery.data;
  const manage = mayManageEvent(user, event, teamRole);
  const approved = standsQuery.data?.filter((s) => s.isApproved).length;
  const standCount = event.standCount ?? approved ?? 0;
  // Issue 17: the page says why registration is closed instead of showing the forms.
  const closed = registrationClosedFor(user, event);
  const cancelReason = cancelReasonOf(event);
  // A cancelled market says so once, in red: no market day, calendar, printed kit or embed to offer.
  const cancelled = isCancelled(event);
  // For portals and for printing, not for finding a stand: beside the page on a wide screen, after the
  // stands on a phone, where the one column would put them between the market's facts and its stands.
  const sideTools = (
    <>
      {/* Issue 19: the framed map and stand list for clubs' and city portals' pages. */}
      <EmbedSnippetCard event={event} />
      <PrintKitCard eventId={event.id} manage={manage} />
      {manage ? <StandNumberingCard eventId={event.id} /> : null}
    </>
  );

  return (
    <article className="event-page">
      <title>{`${event.name} – Flohmarkt`}</title>
      <header className="event-hero brand-gradient">
        <div className="container">
          <p className="event-hero__date">{formatDateTime(event.startDateTime)} Uhr</p>
          <h1 className="event-hero__title">
            {event.name} <EventCancelledBadge event={event} /> <EventPhaseBadge event={event} />
          </h1>
          <p className="event-hero__location">{event.location}</p>
          <EventActions event={event} user={user} userLoading={userLoading} teamRole={teamRole} />
          {/* Issue 19: the heart for the event, and the Merkliste with 'Meine Runde' (no round to plan at a cancelled market; the heart stays, to unmark it). */}
          <div className="event-hero__keep">
            <FavouriteButton kind="events" id={event.id} label={event.name} />
            {cancelled ? null : <MerklisteLink eventId={event.id} stands={standsQuery.data} />}
          </div>
          {/* Issue 34: the reminder mail the evening before, once the event is kept by a signed-in user. */}
          <LazyEventReminderSwitch event={event} label={event.name} />
          {/* Issue 34: a mail with the organiser's new markets, for a signed-in visitor (its code, like the heart's, loads no zod). */}
          <LazyFollowOrganizerButton organizerId={event.organizerId} />
        </div>
      </header>

      <div className="container event-layout">
        <div className="event-layout__main">
          {cancelled ? (
            <div className="notice notice--error event-cancelled" role="note">
              <p className="event-cancelled__title">Dieser Flohmarkt wurde abgesagt.</p>
              {cancelReason ? <p className="event-cancelled__reason">Grund: {cancelReason}</p> : null}
              <p>Eine Standanmeldung ist nicht mehr möglich.</p>
            </div>
          ) : null}
          {closed && !userLoading && !cancelled ? <p className="notice registration-closed">{registrationClosedText(closed)}</p> : null}
          {event.description ? (
            <section className="event-section" aria-labelledby="about-title">
              <h2 id="about-title" className="section-title">
                Über diesen Flohmarkt
              </h2>
              <p className="prose">{event.description}</p>
            </section>
          ) : null}
          {event.rules ? (
            <section className="event-section" aria-labelledby="rules-title">
              <h2 id="rules-title" className="section-title">
                Regeln
              </h2>
              <p className="prose">{event.rules}</p>
            </section>
          ) : null}
        </div>
        <aside className="event-layout__aside">
          {/* Issue 18: the organiser's counters first, the numbering after the printed kit it feeds. */}
          {manage ? <StandOverviewCard eventId={event.id} /> : null}
          {role && !cancelled ? <MarketDayLinksCard eventId={event.id} role={role} /> : null}
          <EventFacts event={factsOf(event, manage ? overview.data : undefined)} standCount={standCount} />
          {/* Issue 35: what the stands of the markets around here offer. */}
          <ItemSearchNearLink event={event} />
          {/* Issue 34: the other dates of a market that repeats. */}
          <LazySeriesDatesCard event={event} />
          {cancelled ? null : <AddToCalendarCard eventId={event.id} />}
          {wide && !cancelled ? sideTools : null}
        </aside>
      </div>

      <div className="container">
        {manage ? (
          <Suspense fallback={null}>
            <DraftStandsPanel eventId={event.id} />
          </Suspense>
        ) : null}
        {/* Walk-up stands: the organiser's and admins' own way in, closed only when the market is cancelled or over. */}
        {manage && !closed ? <WalkUpStandCard event={event} /> : null}
        {/* Stand registration (issue 6): the signed-in form panel, and the guest card (a visitor's, or a friend's stand). */}
        {userLoading ? null : <StandRegistrationPanel event={event} viewer={user} />}
        {userLoading ? null : <GuestStandCard event={event} viewer={user} invitedFrom={search.get('from')} />}
        <StandsSection
          // Its filter is this market's: a link to another date of the series starts from that page's own address.
          key={event.id}
          event={event}
          stands={stands ?? undefined}
          loading={stands === null && !standsQuery.isError}
          error={standsQuery.isError ? standsQuery.error.message : null}
          manage={manage}
          standExtra={(stand) => (
            <>
              <LiveStatusBadge stand={stand} />
              {/* Issue 36: the organiser's and team's read carries where each stand is in the reconfirmation. */}
              {manage ? <ConfirmationTag stand={stand} /> : null}
              <FavouriteButton kind="stands" id={stand.id} label={standTitle(stand)} compact />
            </>
          )}
        />
        {wide || cancelled ? null : <div className="event-page__tools">{sideTools}</div>}
      </div>
    </article>
  );
}

/**
 * The event's read counts only approved stands against the cap; the organiser's overview also takes
 * off the pending ones, so the organiser's facts say the same as the counters beside them.
 */
function factsOf(event: TEvent, overview: TStandOverview | undefined): TEvent {
  return overview && overview.freePlaces !== null ? { ...event, freePlaces: overview.freePlaces } : event;
}
