import { toLatLng, type TEvent, type TStand } from '@flohmarkt/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { EventMap } from '@/components/maps/lazy-maps';

/**
 * The event map with its fullscreen dialog, or a message when neither the event nor any stand
 * has coordinates.
 */
export function EventMapSection({ event, stands }: { event: TEvent; stands: TStand[] }) {
  const [fullscreen, setFullscreen] = useState(false);
  const hasPoints = toLatLng(event.latitude, event.longitude) !== null || stands.some((s) => toLatLng(s.latitude, s.longitude) !== null);

  return (
    <section className="event-section" aria-labelledby="event-map-title">
      <div className="section-head">
        <h2 id="event-map-title" className="section-title">
          Karte
        </h2>
        {hasPoints ? (
          <button type="button" className="button button--ghost button--small" onClick={() => setFullscreen(true)}>
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M1 5V1h4M11 1h4v4M15 11v4h-4M5 15H1v-4" />
            </svg>
            Vollbild
          </button>
        ) : null}
      </div>
      {hasPoints ? (
        <>
          {fullscreen ? null : <EventMap event={event} stands={stands} />}
          <Dialog open={fullscreen} onClose={() => setFullscreen(false)} title={`Karte: ${event.name}`} size="full">
            <EventMap event={event} stands={stands} height="100%" />
          </Dialog>
        </>
      ) : (
        <p className="notice">Für diesen Flohmarkt sind noch keine Koordinaten hinterlegt, daher kann keine Karte angezeigt werden.</p>
      )}
    </section>
  );
}
