import { useId } from 'react';
import { useFollow } from '../api/follows';
import '../come-back.css';

/**
 * "Veranstalter folgen" / "Du folgst diesem Veranstalter" (issue 34): a toggle button (aria-pressed) with
 * the hint how often the mail comes. Only for a signed-in user and never on the organiser's own pages;
 * signed out nothing shows. It sits in the dark header of the event page and of the user page.
 */
export function FollowOrganizerButton({ organizerId }: { organizerId: string }) {
  const follow = useFollow(organizerId);
  const hintId = useId();
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
