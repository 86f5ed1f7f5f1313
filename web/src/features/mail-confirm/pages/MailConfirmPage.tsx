import { useParams } from 'react-router-dom';
import { OneClickCard } from '@/components/form/OneClickCard';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { isApiError } from '@/lib/api-client';
import { useConfirmMail } from '../api/confirm-mail';
import '@/components/form/forms.css';

/**
 * /e-mail-bestaetigen/{token} (issue 29): the link of the request to confirm a guest's address. It
 * confirms only on the reader's click, so a link scanner that opens the page confirms nothing.
 */
export function MailConfirmPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmMail(token);

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
        <p className="success-message" role="status">
          Danke, deine E-Mail-Adresse ist bestätigt. Die Eingangsbestätigung mit deinem persönlichen Link ist unterwegs.
        </p>
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
