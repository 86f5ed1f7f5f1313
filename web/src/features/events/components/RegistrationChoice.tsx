import { useId } from 'react';
import { requestGuestForm } from '@/lib/guest-form-request';
import { loginUrl } from '@/lib/event-links';
import '../registration-choice.css';
import { paths } from '@/lib/paths';

/**
 * A signed-out visitor's two ways to register a stand (issue 30, G1), equal in look and weight, side
 * by side and stacked on a phone: without an account (the guest form on this page opens and takes
 * the focus) or with one (sign-in, back to this market's registration form afterwards).
 */
export function RegistrationChoice({ eventId }: { eventId: string }) {
  const titleId = useId();
  return (
    <div className="registration-choice" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="registration-choice__title">
        Stand anmelden
      </p>
      <button type="button" className="button button--accent registration-choice__option" onClick={requestGuestForm}>
        Ohne Konto anmelden
      </button>
      <a className="button button--accent registration-choice__option" href={loginUrl(paths.standRegistration(eventId))}>
        Mit Konto anmelden
      </a>
    </div>
  );
}
