import type { TEvent, TStand } from '@flohmarkt/contracts';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { standTitle } from '@/lib/stand-title';
import { dayStandRowId } from './StandCheckInRow';

// The form (its schemas and the map) loads when it is opened, not with the list the team ticks.
const WalkUpStandForm = lazy(() => import('@/components/stands/WalkUpStandForm').then((m) => ({ default: m.WalkUpStandForm })));

interface WalkUpSectionProps {
  /** The market as its page reads it; without it (offline, not yet loaded) the form cannot check the 15 km rule. */
  event: TEvent | undefined;
  online: boolean;
  /** The market is over (its end passed by the server's clock) or cancelled: no stand is entered any more (the server says 403). */
  closed: 'ended' | 'cancelled' | null;
  onAdded: () => void;
}

/** What the section says instead of the form once the market cannot take a stand. */
const CLOSED_TEXTS = {
  ended: 'Der Flohmarkt ist vorbei: Spontane Stände lassen sich nicht mehr eintragen.',
  cancelled: 'Der Flohmarkt ist abgesagt: Spontane Stände lassen sich nicht eintragen.',
} as const;

/**
 * "Spontanen Stand eintragen": a button that opens the form, online only (the stand is created by the server at once);
 * after the market's end or its cancellation a sentence instead. A refusal of the server is said in its words in the form.
 * A form already open stays through a dropped connection, with what was typed: on a market square the network comes
 * and goes, and the helper sends once it is back (a send without it is refused with the form kept).
 */
export function WalkUpSection({ event, online, closed, onAdded }: WalkUpSectionProps) {
  const [open, setOpen] = useState(false);
  // The stand just entered, said where the helper is: the closing form left a phone's screen at the page's end.
  const [added, setAdded] = useState<TStand | null>(null);
  const addedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    addedNote.current?.focus();
  }, [added]);
  const shown = open && event !== undefined;
  if (closed) {
    return (
      <section className="day-walk-up" aria-label="Spontane Stände">
        <p className="muted day-walk-up__closed">{CLOSED_TEXTS[closed]}</p>
      </section>
    );
  }
  return (
    <section className="day-walk-up" aria-label="Spontane Stände">
      <button
        type="button"
        className="button button--outline day-walk-up__toggle"
        aria-expanded={shown}
        // Offline it opens nothing, but an open form can still be closed.
        disabled={!online && !shown}
        onClick={() => {
          setAdded(null);
          setOpen(!open);
        }}
      >
        Spontanen Stand eintragen
      </button>
      {added && !open ? (
        <p ref={addedNote} className="success-message day-walk-up__added" role="status" tabIndex={-1}>
          „{standTitle(added)}“ ist eingetragen und steht in der Liste. <a href={`#${dayStandRowId(added.id)}`}>Zum Stand in der Liste</a>
        </p>
      ) : null}
      {!online ? <p className="muted day-walk-up__offline">Zum Eintragen eines spontanen Stands brauchst du Netz.</p> : null}
      {shown ? (
        <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
          <WalkUpStandForm
            event={event}
            onAdded={(stand) => {
              setAdded(stand);
              setOpen(false);
              onAdded();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
