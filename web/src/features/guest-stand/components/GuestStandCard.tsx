import type { TAuthUser, TEvent } from '@flohmarkt/contracts';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { hasDraft, standDraftKey } from '@/components/form/kept-drafts';
import { Spinner } from '@/components/ui/Spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLastTimeStand } from '@/features/stand-registration/api/last-time-stand';
import { mayManageEvent, registrationClosedFor } from '@/lib/event-permissions';
import type { GuestStandCreated } from '../api/create-guest-stand';
import { onGuestFormRequest } from '@/lib/guest-form-request';
import { GuestStandSubmitted } from './GuestStandSubmitted';
import '@/components/form/forms.css';
import { CollapsibleHeading } from '@/components/ui/CollapsibleHeading';

// The form (and the zod schemas it validates with) loads when the card is opened, not with the event page.
const GuestStandForm = lazy(() => import('./GuestStandForm').then((m) => ({ default: m.GuestStandForm })));

interface GuestStandCardProps {
  event: TEvent;
  viewer: TAuthUser | null;
  /** `?from={standId}` of an invitation's link opened without a session (issue 34): the stand to start from. */
  invitedFrom?: string | null;
}

/**
 * 'Stand anmelden (ohne Registrierung)' (docs/product.md#guest-stands): a collapsible card on the event page for
 * visitors without an account, while the event takes registrations. After sending, the message
 * says the organiser now checks the registration and shows the private manage link (issue 17).
 * A signed-in user may register a friend's stand as a guest here (issue 18); the organiser and
 * admins enter such stands with the walk-up form instead. The hero's "Ohne Konto anmelden" (issue 30)
 * opens it from afar: it scrolls into view and its first field takes the focus. An invitation's link
 * (issue 34) opens it the same way, pre-filled.
 */
export function GuestStandCard({ event, viewer, invitedFrom = null }: GuestStandCardProps) {
  const { isLoading } = useCurrentUser();
  // Guests are invited too (issue 34): signed out, an invitation's link opens the card on its own once
  // last time's stand is read, the form pre-filled with what its public read shows (or empty, unread).
  const invitation = isLoading || viewer ? null : invitedFrom;
  const lastTime = useLastTimeStand(invitation);
  // Entries kept from before a reload (or a dropped tab) open the form with them.
  const [open, setOpen] = useState(() => hasDraft(standDraftKey('guest-stand', event.id)));
  const [submitted, setSubmitted] = useState<GuestStandCreated | null>(null);
  // Counts the hero's requests: each one scrolls to the form and focuses it again, even when it is open already.
  const [focusRequest, setFocusRequest] = useState(0);
  const bodyId = useId();

  useEffect(() => {
    if (!invitation || lastTime.isLoading) return;
    setOpen(true);
    setFocusRequest((n) => n + 1);
  }, [invitation, lastTime.isLoading]);

  useEffect(
    () =>
      onGuestFormRequest(() => {
        setOpen(true);
        setFocusRequest((n) => n + 1);
      }),
    [],
  );

  // Nothing flashes while the session loads. While registration is closed the event page says why
  // instead (issue 17); the guest's rules (switch, deadline) apply to the guest form whoever opens it.
  if (isLoading || mayManageEvent(viewer, event) || registrationClosedFor(null, event) !== null) return null;

  return (
    <section className="card collapsible guest-stand-card" aria-labelledby={`${bodyId}-title`}>
      <CollapsibleHeading bodyId={bodyId} open={open} onToggle={() => setOpen(!open)}>
        {viewer ? 'Stand für jemand anderen anmelden (ohne Konto)' : 'Stand anmelden (ohne Registrierung)'}
      </CollapsibleHeading>
      <div id={bodyId} className="collapsible__body" hidden={!open}>
        {submitted ? (
          <GuestStandSubmitted
            manageUrl={submitted.manageUrl}
            mailedTo={submitted.mailedTo}
            waitlist={submitted.waitlisted ? { position: submitted.waitlistPosition } : null}
            photosFailed={submitted.photosFailed}
            onAgain={() => setSubmitted(null)}
          />
        ) : open ? (
          <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
            <GuestStandForm event={event} onSubmitted={setSubmitted} focusRequest={focusRequest} lastTime={invitation ? lastTime.data : undefined} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
