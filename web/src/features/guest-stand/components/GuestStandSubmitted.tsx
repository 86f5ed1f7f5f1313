import { TOASTS } from '@flohmarkt/contracts';
import { useId } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { waitlistPlaceText } from '@/lib/capacity';

interface GuestStandSubmittedProps {
  /** `<PUBLIC_URL>/anmeldung/<token>`: shown once, the server keeps only the token's hash. */
  manageUrl: string | null;
  /** The address the link was mailed to, when the guest gave one. */
  mailedTo: string | null;
  /** Issue 18: on the waitlist (the event was booked up), with the place on it. */
  waitlist?: { position: number | null } | null;
  onAgain: () => void;
}

/**
 * What a guest sees after registering (issue 17): the private manage link with a copy button, whether it
 * was also mailed, and that whoever holds the link can withdraw the registration.
 */
export function GuestStandSubmitted({ manageUrl, mailedTo, waitlist, onAgain }: GuestStandSubmittedProps) {
  const linkId = useId();

  const copy = async () => {
    if (!manageUrl) return;
    try {
      await navigator.clipboard.writeText(manageUrl);
      toast({ title: TOASTS.linkCopied });
    } catch {
      toastError('Der Link konnte nicht kopiert werden. Markiere ihn und kopiere ihn selbst.');
    }
  };

  return (
    <div className="success-message guest-submitted" role="status">
      <p className="success-message__title">Vielen Dank für deine Anmeldung!</p>
      {waitlist ? (
        <>
          <p className="guest-submitted__waitlist">{waitlistPlaceText(waitlist.position)}</p>
          <p>
            Der Flohmarkt ist ausgebucht. Wird ein Platz frei, rückt deine Anmeldung von selbst nach und wird dann vom Organisator geprüft
            {mailedTo ? '; du bekommst dann eine E-Mail.' : '; unter deinem Link siehst du es.'}
          </p>
        </>
      ) : (
        <p>Deine Stand-Anmeldung wird nun vom Organisator geprüft.</p>
      )}
      {manageUrl ? (
        <>
          <label className="field-label guest-submitted__label" htmlFor={linkId}>
            Dein privater Link zur Anmeldung
          </label>
          <div className="guest-submitted__link">
            <input id={linkId} className="input" readOnly value={manageUrl} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
              Link kopieren
            </button>
          </div>
          <p>
            Unter diesem Link siehst du, ob dein Stand freigegeben wurde, und kannst die Anmeldung zurückziehen. <a href={manageUrl}>Anmeldung öffnen</a>
          </p>
          <p>
            {mailedTo
              ? `Wir haben dir den Link auch an ${mailedTo} geschickt.`
              : 'Speichere den Link jetzt: Ohne E-Mail-Adresse können wir ihn dir nicht noch einmal schicken.'}{' '}
            Wer den Link hat, kann die Anmeldung zurückziehen. Gib ihn nur weiter, wenn das gewollt ist.
          </p>
        </>
      ) : null}
      <button type="button" className="button button--outline button--small success-message__again" onClick={onAgain}>
        Weiteren Stand anmelden
      </button>
    </div>
  );
}
