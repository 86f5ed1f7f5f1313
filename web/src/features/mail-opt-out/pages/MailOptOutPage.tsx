import { useParams } from 'react-router-dom';
import { OneClickCard } from '@/components/form/OneClickCard';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { isApiError } from '@/lib/api-client';
import { useMailOptOut, useOptBackIn, useOptOut, type TMailOptOut } from '../api/mail-opt-out';
import '@/components/form/forms.css';

/** What the switch turns off, in words. */
function subjectOf(optOut: TMailOptOut): string {
  if (optOut.scope === 'event-digest') {
    const event = optOut.eventName ? `„${optOut.eventName}“` : 'diesen Flohmarkt';
    return `die Sammel-E-Mails über neue Stand-Anmeldungen für ${event}`;
  }
  if (optOut.scope === 'reminders') return 'die Erinnerungen am Vorabend eines Flohmarkts (für Merkliste, Stände und deine Flohmärkte)';
  // Issue 34: one follow's or one alert's mails; the name is the organiser's or the alert's place, when known.
  if (optOut.scope === 'follow') {
    return optOut.eventName ? `die E-Mails über neue Flohmärkte von „${optOut.eventName}“` : 'die E-Mails über neue Flohmärkte dieses Veranstalters';
  }
  if (optOut.scope === 'alert') {
    return optOut.eventName ? `die E-Mails deines Flohmarkt-Alarms für „${optOut.eventName}“` : 'diesen Flohmarkt-Alarm';
  }
  // "Frühere Aussteller einladen": one organiser's invitations to their next markets, named by the organiser.
  if (optOut.scope === 'invitations') {
    return optOut.eventName
      ? `die Einladungen von „${optOut.eventName}“ zu weiteren Flohmärkten`
      : 'die Einladungen dieses Veranstalters zu weiteren Flohmärkten';
  }
  if (optOut.scope === 'holds') return 'die E-Mails zu Reservierungen (Anfragen an deinen Stand und Antworten auf deine Anfragen)';
  return 'die E-Mails zu deinen Ständen (Freigabe, Ablehnung, Absage oder Verlegung eines Flohmarkts)';
}

/**
 * /abmelden/{token} (issue 17): the visible opt-out link of a notification mail. It shows what will be
 * switched off and asks for one click, so a link scanner that only opens pages switches nothing off;
 * mail programs use the one-click POST of List-Unsubscribe directly. Once off, one more click takes it back.
 */
export function MailOptOutPage() {
  const { token = '' } = useParams();
  const query = useMailOptOut(token);
  const optOut = useOptOut(token);
  const optBackIn = useOptBackIn(token);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <>
          <title>Abmeldelink ungültig – Flohmarkt</title>
          <StatusScreen
            title="Abmeldelink ungültig"
            text="Zu diesem Link gibt es keine E-Mail-Benachrichtigung. Prüfe, ob du den vollständigen Link aus der E-Mail verwendet hast."
          />
        </>
      );
    }
    return <LoadErrorScreen message={query.error.message} />;
  }

  const subject = subjectOf(query.data);
  return (
    <div className="form-page form-page--stacked container">
      <meta name="robots" content="noindex" />
      <title>E-Mails abbestellen – Flohmarkt</title>
      <h1 className="form-page__title">E-Mails abbestellen</h1>
      {query.data.unsubscribed ? (
        <>
          <p className="success-message" role="status">
            Erledigt: Du bekommst {subject} nicht mehr.
          </p>
          <OneClickCard label="Doch wieder erhalten" busyLabel="Wird eingeschaltet …" action={optBackIn} onClick={() => optBackIn.mutate()}>
            <p>Aus Versehen abbestellt? Mit einem Klick bekommst du sie wieder.</p>
          </OneClickCard>
        </>
      ) : (
        <>
          {optBackIn.isSuccess ? (
            <p className="success-message" role="status">
              Du bekommst {subject} wieder.
            </p>
          ) : null}
          <OneClickCard label="E-Mails abbestellen" busyLabel="Wird abbestellt …" action={optOut} onClick={() => optOut.mutate()}>
            <p>Mit einem Klick bekommst du {subject} nicht mehr. Andere E-Mails von uns bleiben davon unberührt.</p>
          </OneClickCard>
        </>
      )}
    </div>
  );
}
