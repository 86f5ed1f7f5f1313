import { ITEM_SEARCH_RADIUS_DEFAULT_KM, TOASTS, toLatLng, type TEvent, type TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { useMemo, type ReactNode } from 'react';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { useDeleteStand } from '@/features/stands/api/delete-stand';
import { StandCard } from '@/features/events/components/StandCard';
import { filterStands, isFilterActive } from '@/features/events/lib/stand-filter';
import { useStandFilter } from '@/features/events/lib/use-stand-filter';
import { useRevealedCount } from '@/features/events/lib/use-revealed-count';
import { paths } from '@/lib/paths';
import { standTitle } from '@/lib/stand-title';
import { EventMapSection } from './EventMapSection';
import { StandFilters } from './StandFilters';

interface StandsSectionProps {
  event: TEvent;
  stands: TStand[] | undefined;
  loading: boolean;
  error: string | null;
  /** Organiser or admin: edit and delete on the cards. */
  manage: boolean;
  /** What the page adds to each card (the heart and the live badge, issue 19). */
  standExtra?: (stand: TStand) => ReactNode;
}

/** 'Zeige X von Y Ständen' with a filter, else 'Zeige alle N Stände' (the spec's strings), and for one stand 'Zeige 1 Stand'. */
export function standCountText(shown: number, total: number, filtered: boolean): string {
  if (filtered) return `Zeige ${shown} von ${total === 1 ? '1 Stand' : `${total} Ständen`}`;
  return total === 1 ? 'Zeige 1 Stand' : `Zeige alle ${total} Stände`;
}

function ItemSearchHint({ event, text }: { event: TEvent; text: string }) {
  const point = toLatLng(event.latitude, event.longitude);
  const link = paths.itemSearch({ q: text, label: event.location, lat: point?.lat, lng: point?.lng, radiusKm: ITEM_SEARCH_RADIUS_DEFAULT_KM });
  return (
    <p className="field-hint">
      Einzelne Dinge auf den Tischen findet die <Link to={link}>Suche nach „{text}“ in den Angeboten</Link>.
    </p>
  );
}

/** The event's stands: filters, the map of the filtered stands, the count and the cards. */
export function StandsSection({ event, stands, loading, error, manage, standExtra }: StandsSectionProps) {
  const [filter, setFilter] = useStandFilter();
  const deletion = useDeleteStand(event.id);
  const toDelete = useConfirmation<TStand>((stand, done) =>
    deletion.mutate(stand.id, {
      onSuccess: () => toast({ title: TOASTS.standDeleted }),
      onError: () => toastError(TOASTS.standDeleteFailed),
      onSettled: done,
    }),
  );
  const all = useMemo(() => stands ?? [], [stands]);
  const shown = useMemo(() => filterStands(all, filter), [all, filter]);
  const filtered = isFilterActive(filter);
  // The cards come in slices, one per painted frame (use-revealed-count.ts); the count above them is the whole list's.
  const revealed = useRevealedCount(shown.length);

  return (
    <>
      <EventMapSection event={event} stands={shown} />
      <section className="event-section" aria-labelledby="stands-title">
        <h2 id="stands-title" className="section-title">
          Stände
        </h2>
        {loading ? <Spinner label="Stände werden geladen …" /> : null}
        {error ? <p className="notice notice--error">{error}</p> : null}
        {!loading && !error && all.length === 0 ? <p className="empty-state">Noch keine Stände angemeldet</p> : null}
        {all.length > 0 ? (
          <>
            <StandFilters stands={all} filter={filter} onChange={setFilter} />
            <p className="stand-count" aria-live="polite">
              {standCountText(shown.length, all.length, filtered)}
            </p>
            {shown.length === 0 ? (
              <>
                <p className="empty-state">Keine Stände gefunden</p>
                {/* The stand search reads what a stand says of itself; a single thing on a table is the item search's. */}
                {filter.text.trim() ? <ItemSearchHint event={event} text={filter.text.trim()} /> : null}
              </>
            ) : (
              <div className="stand-grid">
                {shown.slice(0, revealed).map((stand) => (
                  <StandCard key={stand.id} stand={stand} editable={manage} onDelete={manage ? toDelete.ask : undefined} extra={standExtra?.(stand)} />
                ))}
              </div>
            )}
          </>
        ) : null}
      </section>
      <ConfirmDialog {...toDelete.dialog} title="Stand löschen?" confirmLabel="Stand löschen" busy={deletion.isPending}>
        <p>Möchtest du {toDelete.subject ? standTitle(toDelete.subject) : 'diesen Stand'} wirklich löschen? Das kann nicht rückgängig gemacht werden.</p>
      </ConfirmDialog>
    </>
  );
}
