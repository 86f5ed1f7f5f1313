import type { TGuestStandView } from '@flohmarkt/contracts';
import { StandMap } from '@/components/maps/lazy-maps';
import { useEvent } from '@/features/events/api/get-event';

/**
 * Where the guest put the stand, beside the market's own pin: a point set wrong is seen here, not first on the
 * market day. The guest cannot move it (a guest registration is not edited afterwards); the organiser can.
 */
export function GuestStandMap({ stand }: { stand: TGuestStandView }) {
  const event = useEvent(stand.eventId).data ?? null;
  return (
    <section className="card" aria-labelledby="guest-map-title">
      <h2 id="guest-map-title" className="card__title">
        Dein Standort auf der Karte
      </h2>
      <StandMap stand={stand} event={event} own />
      <p className="field-hint guest-manage__map-hint">
        Liegt der Punkt nicht richtig? Verschieben kann ihn nur der Organisator des Flohmarkts. Oder du ziehst die Anmeldung zurück und meldest den Stand neu
        an.
      </p>
    </section>
  );
}
