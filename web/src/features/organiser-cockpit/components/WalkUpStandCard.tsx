import type { TEvent, TStand } from '@flohmarkt/contracts';
import { Suspense, lazy, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/Spinner';
import { standTitle } from '@/lib/stand-title';
import '@/components/form/forms.css';
import '@/features/organiser-cockpit/organiser-cockpit.css';
import { paths } from '@/lib/paths';
import { CollapsibleHeading } from '@/components/ui/CollapsibleHeading';

// The form (and the schemas and the map) loads when the card is opened, not with the event page.
const WalkUpStandForm = lazy(() => import('@/components/stands/WalkUpStandForm').then((m) => ({ default: m.WalkUpStandForm })));

/** The organiser's (and admins') collapsible card 'Stand vor Ort eintragen' on the event page (issue 18). */
export function WalkUpStandCard({ event }: { event: TEvent }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<TStand | null>(null);
  const bodyId = useId();
  return (
    <section className="card collapsible walk-up-card" aria-labelledby={`${bodyId}-title`}>
      <CollapsibleHeading bodyId={bodyId} open={open} onToggle={() => setOpen(!open)}>
        Stand vor Ort eintragen
      </CollapsibleHeading>
      <div id={bodyId} className="collapsible__body" hidden={!open}>
        {added ? (
          <p className="success-message" role="status">
            <Link to={paths.stand(added.id)}>{standTitle(added)}</Link> ist eingetragen und freigegeben.
          </p>
        ) : null}
        {open ? (
          <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
            <WalkUpStandForm event={event} onAdded={setAdded} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
