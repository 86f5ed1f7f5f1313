import { TOASTS } from '@flohmarkt/contracts';
import { useEffect, useId, useRef } from 'react';
import { toast, toastError } from '@/components/ui/toast/use-toast';
import { waitlistPlaceText } from '@/lib/capacity';
import '../guest-stand.css';

interface GuestStandSubmittedProps {
  /** `<PUBLIC_URL>/anmeldung/<token>`: shown once, the server keeps only the token's hash. */
  manageUrl: string | null;
  /** The address the link was mailed to, when the guest gave one. */
  mailedTo: string | null;
  /** Issue 18: on the waitlist (the event was booked up), with the place on it. */
  waitlist?: { position: number | null } | null;
  /** Chosen photos that could not be uploaded after the registration: the link is where to try again. */
  photosFailed?: number;
  onAgain: () => void;
}

/** Said beside the link: the server keeps only its hash, and a mail with it may come late or never. */
export const KEEP_LINK_HINT = 'Bewahre diesen Link jetzt gut auf: Wir zeigen ihn nur dieses eine Mal.';

/** Where a given address stands: nothing but the confirmation request goes to an unconfirmed one (api-contract, guest e-mail). */
function mailText(mailedTo: string | null): string {
  return mailedTo
    ? `Wir schicken ihn auch an ${mailedTo}. Ist die Adresse bei uns noch nicht bestätigt, kommt zuerst eine E-Mail zum Bestätigen und der Link erst danach.`
    : 'Ohne E-Mail-Adresse können wir ihn dir nicht noch einmal schicken.';
}

/**
 * What a guest sees after registering (issue 17): the private manage link with a copy button, the hint
 * to keep it, whether it will also be mailed, and that whoever holds the link can withdraw the
 * registration. It replaces the long form, which left the page scrolled down to the footer: on
 * arrival it takes the focus (screen readers read it) and scrolls to its top, link and button in view.
 */
export function GuestStandSubmitted({ manageUrl, mailedTo, waitlist, photosFailed = 0, onAgain }: GuestStandSubmittedProps) {
  const linkId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.focus({ preventScroll: true });
    // Below the sticky header (scroll-padding-top in base.css); jsdom has no scrolling.
    panel.scrollIntoView?.({ block: 'start' });
  }, []);

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
    <div ref={panelRef} className="success-message guest-submitted" role="status" tabIndex={-1}>
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
      {photosFailed > 0 ? (
        <p className="notice notice--warning">
          {photosFailed === 1 ? 'Ein Foto konnte' : `${photosFailed} Fotos konnten`} nicht hochgeladen werden. Deine Anmeldung ist trotzdem angekommen; unter
          deinem Link kannst du Fotos erneut hinzufügen.
        </p>
      ) : null}
      {manageUrl ? (
        <>
          <p className="guest-submitted__keep">{KEEP_LINK_HINT}</p>
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
            Unter diesem Link siehst du, ob dein Stand freigegeben wurde, kannst Fotos und Angebote hinzufügen und die Anmeldung zurückziehen.{' '}
            <a href={manageUrl}>Anmeldung öffnen</a>
          </p>
          <p>{mailText(mailedTo)} Wer den Link hat, kann die Anmeldung zurückziehen. Gib ihn nur weiter, wenn das gewollt ist.</p>
        </>
      ) : null}
      <button type="button" className="button button--outline button--small success-message__again" onClick={onAgain}>
        Weiteren Stand anmelden
      </button>
    </div>
  );
}
