import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { loginUrl } from '@/lib/event-links';
import { useFollow } from '../api/follows';
import '../come-back.css';

/**
 * "Veranstalter folgen" / "Du folgst diesem Veranstalter" (issue 34): a toggle button (aria-pressed) with
 * the hint how often the mail comes. Never on the organiser's own pages. Signed out it is a link to the
 * sign-in that comes back to this page, where the button then follows: never a follow by the link itself
 * (a link anyone can send must not sign a person up for mail). It sits in the dark header of the event page
 * and of the user page.
 */
export function FollowOrganizerButton({ organizerId }: { organizerId: string }) {
  const follow = useFollow(organizerId);
  const { user, isLoading, unknown } = useCurrentUser();
  const hintId = useId();
  if (!user && !isLoading && !unknown) return <SignInToFollow hintId={hintId} />;
  if (!follow.available) return null;
  return (
    <div className="follow-organizer">
      <button
        type="button"
        className={`follow-organizer__button${follow.on ? ' follow-organizer__button--on' : ''}`}
        aria-pressed={follow.on}
        aria-describedby={hintId}
        onClick={() => follow.set(!follow.on)}
      >
        <span aria-hidden="true">{follow.on ? '✓' : '+'}</span>
        <span>{follow.on ? 'Du folgst diesem Veranstalter' : 'Veranstalter folgen'}</span>
      </button>
      <p id={hintId} className="follow-organizer__hint">
        Höchstens eine E-Mail am Tag mit neuen Flohmärkten dieses Veranstalters.
      </p>
    </div>
  );
}

/** Signed out: the way to follow is signing in first; the page comes back afterwards. */
function SignInToFollow({ hintId }: { hintId: string }) {
  const here = useLocation();
  return (
    <div className="follow-organizer">
      <a className="follow-organizer__button" href={loginUrl(here.pathname + here.search)} aria-describedby={hintId}>
        <span aria-hidden="true">+</span>
        <span>Veranstalter folgen</span>
      </a>
      <p id={hintId} className="follow-organizer__hint">
        Dafür meldest du dich an. Dann kommt höchstens eine E-Mail am Tag mit neuen Flohmärkten dieses Veranstalters.
      </p>
    </div>
  );
}
