import type { TAuthUser, TEvent } from '@flohmarkt/contracts';
import { Suspense, lazy, useId, useState } from 'react';
import { hasDraft, standDraftKey } from '@/components/form/kept-drafts';
import { Spinner } from '@/components/ui/Spinner';
import { isOrganizer } from '@/lib/event-permissions';
import { useMyStands } from '../api/my-stands';
import { registrationState } from '../lib/registration-state';
import { AlreadyRegistered } from './AlreadyRegistered';
import '@/components/form/forms.css';
import { CollapsibleHeading } from '@/components/ui/CollapsibleHeading';

// The form (and the zod schemas it validates with) loads when the panel is opened, not with the event page.
const RegisterStandForm = lazy(() => import('./RegisterStandForm').then((m) => ({ default: m.RegisterStandForm })));

interface StandRegistrationPanelProps {
  event: TEvent;
  viewer: TAuthUser | null;
}

/**
 * The event page's stand-registration panel for a signed-in non-organiser (docs/product.md#screens-and-routes): the
 * form in a collapsible card, or 'Stand bereits angemeldet' with the own stand. Nothing for
 * visitors (they get the guest card), the organiser (the review list), or when registration is off
 * (the page's own note says so).
 */
export function StandRegistrationPanel({ event, viewer }: StandRegistrationPanelProps) {
  if (!viewer || isOrganizer(viewer, event)) return null;
  return <Panel event={event} viewer={viewer} />;
}

function Panel({ event, viewer }: { event: TEvent; viewer: TAuthUser }) {
  const mine = useMyStands(viewer.id);
  // Entries kept from before the sign-in, a reload or a dropped tab open the form with them.
  const [open, setOpen] = useState(() => hasDraft(standDraftKey('register-stand', event.id)));
  // Registered from this form: the notice that replaces it takes the focus the form had.
  const [fromForm, setFromForm] = useState(false);
  const bodyId = useId();

  if (mine.isPending) return <Spinner label="Deine Stände werden geladen …" />;
  if (mine.isError) return null;
  const state = registrationState(viewer, event, mine.data);
  if (state.kind === 'unavailable') return null;

  return (
    <section className="card collapsible stand-registration-panel" aria-labelledby={`${bodyId}-title`}>
      {state.kind === 'registered' ? (
        <div className="collapsible__body collapsible__body--flush">
          <span id={`${bodyId}-title`} className="visually-hidden">
            Deine Standanmeldung
          </span>
          <AlreadyRegistered stand={state.stand} takeFocus={fromForm} />
        </div>
      ) : (
        <>
          <CollapsibleHeading bodyId={bodyId} open={open} onToggle={() => setOpen(!open)}>
            Eigenen Stand anmelden
          </CollapsibleHeading>
          <div id={bodyId} className="collapsible__body" hidden={!open}>
            {open ? (
              <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
                <RegisterStandForm
                  event={event}
                  userId={viewer.id}
                  onDone={(outcome) => {
                    setOpen(true);
                    setFromForm(outcome.kind !== 'unavailable');
                  }}
                />
              </Suspense>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
