import { Fragment, useCallback } from 'react';
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
  if (optOut.scope === 'alert') return alertSubject(optOut);
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
 * An alert as its owner knows it from Einstellungen: a wish alert by its words, radius and place
 * („Suchauftrag „Kinderfahrrad“ · 10 km um Köln“), else by its place and radius; an alert deleted meanwhile as "this alert".
 */
function alertSubject({ eventName: place, alert }: TMailOptOut): string {
  const around = (km: number) => (place ? `${km} km um ${place}` : `${km} km um deinen Ort`);
  if (alert?.query) return `die E-Mails deines Suchauftrags „${alert.query}“ (${around(alert.radiusKm)})`;
  if (!place) return 'diesen Flohmarkt-Alarm';
  return alert ? `die E-Mails deines Flohmarkt-Alarms für „${place}“ (Umkreis ${alert.radiusKm} km)` : `die E-Mails deines Flohmarkt-Alarms für „${place}“`;
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
  // The pressed button leaves with the switch: the sentence that says what it did takes the focus, not the page.
  // Stable, so a later render does not take the focus back from where the reader moved it.
  const focusOnce = useCallback((message: HTMLElement | null) => message?.focus(), []);

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
      {/* Keyed: the other state is a page of its own, whose sentence takes the focus from the pressed button. */}
      {query.data.unsubscribed ? (
        <Fragment key="off">
          <p className="success-message" role="status" tabIndex={-1} ref={optOut.isSuccess ? focusOnce : undefined}>
            Erledigt: Du bekommst {subject} nicht mehr.
          </p>
          <OneClickCard label="Doch wieder erhalten" busyLabel="Wird eingeschaltet …" action={optBackIn} onClick={() => optBackIn.mutate()}>
            <p>Aus Versehen abbestellt? Mit einem Klick bekommst du sie wieder.</p>
          </OneClickCard>
        </Fragment>
      ) : (
        <Fragment key="on">
          {optBackIn.isSuccess ? (
            <p className="success-message" role="status" tabIndex={-1} ref={focusOnce}>
              Du bekommst {subject} wieder.
            </p>
          ) : null}
          <OneClickCard label="E-Mails abbestellen" busyLabel="Wird abbestellt …" action={optOut} onClick={() => optOut.mutate()}>
            <p>Mit einem Klick bekommst du {subject} nicht mehr. Andere E-Mails von uns bleiben davon unberührt.</p>
          </OneClickCard>
        </Fragment>
      )}
    </div>
  );
}
