import type { TEvent } from '@flohmarkt/contracts';
import { Suspense, lazy, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';

// The form (its schemas and the map) loads when it is opened, not with the list the team ticks.
const WalkUpStandForm = lazy(() => import('@/components/stands/WalkUpStandForm').then((m) => ({ default: m.WalkUpStandForm })));

interface WalkUpSectionProps {
  /** The market as its page reads it; without it (offline, not yet loaded) the form cannot check the 15 km rule. */
  event: TEvent | undefined;
  online: boolean;
  onAdded: () => void;
}

/** "Spontanen Stand eintragen": a button that opens the form, online only (the stand is created by the server at once). */
export function WalkUpSection({ event, online, onAdded }: WalkUpSectionProps) {
  const [open, setOpen] = useState(false);
  const ready = online && event !== undefined;
  return (
    <section className="day-walk-up" aria-label="Spontane Stände">
      <button
        type="button"
        className="button button--outline day-walk-up__toggle"
        aria-expanded={open && ready}
        disabled={!online}
        onClick={() => setOpen(!open)}
      >
        Spontanen Stand eintragen
      </button>
      {!online ? <p className="muted day-walk-up__offline">Zum Eintragen eines spontanen Stands brauchst du Netz.</p> : null}
      {open && ready ? (
        <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
          <WalkUpStandForm
            event={event}
            onAdded={() => {
              setOpen(false);
              onAdded();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
