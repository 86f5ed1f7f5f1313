import { GET_STAND_CALENDAR, SCREENS, toLatLng, type TEvent, type TStand } from '@flohmarkt/contracts';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useEvent } from '@/features/events/api/get-event';
import { LazyStandItems } from '@/features/items/api/lazy-stand-items';
import { mayManageEvent } from '@/lib/event-permissions';
import { StandMap } from '@/components/maps/lazy-maps';
import { ApproximateLocationNote } from '@/components/stands/ApproximateLocationNote';
import { RejectionReason, StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { photoStates } from '@/lib/photo-states';
import { useStand } from '../api/get-stand';
import { CategoryGroups } from '../components/CategoryGroups';
import { EventInfoCard } from '../components/EventInfoCard';
import { ExhibitorCard } from '../components/ExhibitorCard';
import { PhotoGallery } from '../components/PhotoGallery';
import { ReviewsSection } from '../components/ReviewsSection';
import { standPageTitle } from '@/lib/stand-title';
import { StandAddress } from '@/components/stands/StandAddress';
import '../stands.css';
import { paths } from '@/lib/paths';
import { callUrl } from '@/lib/api-call';
import { navigationUrl } from '@/lib/event-links';

/** /stands/{id}: photos, description, categories, exhibitor, map and event of one stand. */
/** What the app shell adds (issue 19: heart, live badge and the day's state buttons); features do not reach into each other. */
export type StandPageTools = ComponentType<{ stand: TStand; event: TEvent | null; mayEdit: boolean }>;

export function StandPage({ tools: Tools }: { tools?: StandPageTools }) {
  const { id = '' } = useParams();
  const standQuery = useStand(id);
  const eventQuery = useEvent(standQuery.data?.eventId);
  const { user, isLoading: userLoading } = useCurrentUser();

  if (standQuery.isPending) return <PageSpinner />;
  if (standQuery.isError) return <FailedLoadScreen error={standQuery.error} notFound={SCREENS.standNotFound} />;

  const stand = standQuery.data;
  const event = eventQuery.data ?? null;
  const title = standPageTitle(stand);
  const point = toLatLng(stand.latitude, stand.longitude);
  const own = user !== null && user.id === stand.exhibitorId;
  // Owner, organiser or admin (docs/product.md#permissions); guest stands only organiser or admin.
  // A withdrawn stand is kept only as a record for its owner; there is nothing left to edit.
  const mayEdit = stand.status !== 'withdrawn' && (own || (event !== null && mayManageEvent(user, event)) || user?.role === 'admin');

  return (
    <article className="stand-page container">
      <title>{`${title} – Flohmarkt`}</title>
      <div className="stand-page__head">
        <div>
          {event ? (
            <p className="stand-page__crumb">
              <Link to={paths.event(event.id)}>{event.name}</Link>
            </p>
          ) : null}
          <h1 className="stand-page__title">{title}</h1>
          <StandAddress address={stand.address} className="stand-page__address" />
          <div className="badge-row">
            {stand.acceptsPayPal ? <span className="badge badge--paypal">PayPal akzeptiert</span> : null}
            {stand.isDraft ? <span className="badge badge--pending">ausstehend</span> : null}
            {stand.status === 'rejected' || stand.status === 'withdrawn' || stand.status === 'waitlisted' ? (
              <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
            ) : null}
          </div>
          {Tools ? <Tools stand={stand} event={event} mayEdit={mayEdit} /> : null}
        </div>
        {mayEdit ? (
          <div className="stand-page__actions">
            <Link className="button button--primary" to={paths.standEdit(stand.id)}>
              Stand bearbeiten
            </Link>
            {/* The market day at this stand's address, with an alarm the evening before (only for who may edit). */}
            <a className="button button--outline" href={callUrl(GET_STAND_CALENDAR, { params: { id: stand.id } })} download>
              In meinen Kalender
            </a>
          </div>
        ) : null}
      </div>

      <div className="stand-layout">
        <div className="stand-layout__main">
          {/* Only the owner, the organiser and admins read a rejected stand, so only they see the reason (issue 17). */}
          <RejectionReason stand={stand} />
          <PhotoGallery photos={photoStates(stand)} title={title} />
          {stand.photoError ? <p className="notice notice--error">{stand.photoError}</p> : null}
          <section className="stand-section" aria-labelledby="description-title">
            <h2 id="description-title" className="section-title">
              Beschreibung
            </h2>
            <p className="prose">{stand.description || 'Keine Beschreibung vorhanden.'}</p>
          </section>
          {/* What kind of stand it is, then its single items („Angebote“): named apart, where „Angebot“ right below „Angebote“ read as one thing twice. */}
          <section className="stand-section" aria-labelledby="categories-title">
            <h2 id="categories-title" className="section-title">
              Kategorien
            </h2>
            <CategoryGroups stand={stand} />
          </section>
          {/* A rejected stand lists no items (the server refuses them); its owner still reads what was there. */}
          <LazyStandItems stand={stand} mayEdit={mayEdit && stand.status !== 'rejected'} />
          <section className="stand-section" aria-labelledby="stand-map-title">
            <h2 id="stand-map-title" className="section-title">
              Standort
            </h2>
            {stand.latitude && stand.longitude ? (
              <>
                <StandMap stand={stand} event={event} own={own} />
                <ApproximateLocationNote stand={stand} />
                {/* The way to this stand itself (a Hofflohmarkt's stands lie streets apart); an approximate field is no destination. */}
                {stand.locationApproximate || !point ? null : (
                  <a className="button button--outline button--small stand-page__route" href={navigationUrl(point)} target="_blank" rel="noopener noreferrer">
                    Route zum Stand planen
                    <span className="visually-hidden"> (OpenStreetMap, öffnet in neuem Tab)</span>
                  </a>
                )}
              </>
            ) : (
              <p className="muted">Für diesen Stand ist kein genauer Standort hinterlegt.</p>
            )}
          </section>
          <ReviewsSection stand={stand} user={user} userLoading={userLoading} eventStart={event?.startDateTime} />
        </div>
        <aside className="stand-layout__aside">
          <ExhibitorCard stand={stand} />
          {event ? <EventInfoCard event={event} /> : null}
        </aside>
      </div>
    </article>
  );
}
