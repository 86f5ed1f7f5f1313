import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OneClickCard } from '@/components/form/OneClickCard';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConfirmMail } from '../api/confirm-mail';
import '@/components/form/forms.css';

/**
 * /e-mail-bestaetigen/{token} (issue 29): the link of the request to confirm a guest's address. It
 * confirms only on the reader's click, so a link scanner that opens the page confirms nothing.
 */
export function MailConfirmPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmMail(token);
  // Stable, so a later render does not take the focus back from where the reader moved it.
  const focusOnce = useCallback((message: HTMLElement | null) => message?.focus(), []);

  if (confirm.isError && isApiError(confirm.error) && confirm.error.status === 404) {
    return (
      <>
        <title>Bestätigungslink ungültig – Flohmarkt</title>
        <StatusScreen
          title="Bestätigungslink ungültig"
          text="Zu diesem Link gibt es keine Bitte um Bestätigung. Prüfe, ob du den vollständigen Link aus der E-Mail verwendet hast."
        />
      </>
    );
  }

  return (
    <div className="form-page form-page--stacked container">
      <meta name="robots" content="noindex" />
      <title>E-Mail-Adresse bestätigen – Flohmarkt</title>
      <h1 className="form-page__title">E-Mail-Adresse bestätigen</h1>
      {confirm.isSuccess ? (
        <>
          {/* The pressed button is gone: the focus goes to what it did. */}
          <p className="success-message" role="status" tabIndex={-1} ref={focusOnce}>
            Danke, deine E-Mail-Adresse ist bestätigt. Die Eingangsbestätigung mit deinem persönlichen Link ist unterwegs.
          </p>
          {/* The receipt's link leads on to the registration; until it arrives, the markets are the way on. */}
          <Link className="button button--outline" to={paths.home()}>
            Flohmärkte entdecken
          </Link>
        </>
      ) : (
        <OneClickCard label="E-Mail-Adresse bestätigen" busyLabel="Wird bestätigt …" action={confirm} onClick={() => confirm.mutate()}>
          <p>
            Diese Adresse wurde bei einer Standanmeldung angegeben. Bestätige sie, wenn du das warst: Erst dann schicken wir dir E-Mails zu deiner Anmeldung.
          </p>
        </OneClickCard>
      )}
    </div>
  );
}
