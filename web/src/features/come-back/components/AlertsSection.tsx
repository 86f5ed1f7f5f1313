import type { TAlert } from '@flohmarkt/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { busyButton } from '@/components/ui/busy-button';
import { ALERTS_TITLE_ID, useAlerts, useDeleteAlert, useResumeAlertMails } from '../api/alerts';
import { alertPlace } from '../lib/alert-place';
import { ALERT_TEXTS as T, MAILS_OFF_TEXTS as OFF } from '../lib/come-back-texts';
import { shownDone, useListDone } from '../lib/list-done';
import { AlertForm } from './AlertForm';
import { ComeBackListSection } from './ComeBackListSection';
import { MailsOff } from './MailsOff';

interface AlertItemProps {
  alert: TAlert;
  onDelete: () => void;
  onResume: () => void;
  resuming: boolean;
}

function AlertItem({ alert, onDelete, onResume, resuming }: AlertItemProps) {
  const place = alertPlace(alert);
  const name = T.name(alert, place);
  return (
    <li className="come-back-list__item">
      {alert.query ? (
        <div className="come-back-list__text">
          <p className="come-back-list__title">{T.wish(alert.query, alert.radiusKm, place)}</p>
          <p className="come-back-list__meta">{T.wishMeta}</p>
          {alert.mailsOff ? <MailsOff /> : null}
        </div>
      ) : (
        <div className="come-back-list__text">
          <p className="come-back-list__title">{place}</p>
          <p className="come-back-list__meta">
            {T.radius(alert.radiusKm)} · {alert.categories.length > 0 ? T.categories(alert.categories) : T.onlyMarkets}
          </p>
          {alert.mailsOff ? <MailsOff /> : null}
        </div>
      )}
      <div className="come-back-list__actions">
        {alert.mailsOff ? (
          <button type="button" className="button button--outline" onClick={resuming ? undefined : onResume} {...busyButton(resuming)}>
            {resuming ? OFF.resuming : OFF.resume}
            <span className="visually-hidden">: {name}</span>
          </button>
        ) : null}
        <button type="button" className="button button--ghost-danger" onClick={onDelete}>
          {T.delete}
          <span className="visually-hidden">: {name}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * "Flohmarkt-Alarm" on /settings (issue 34): the user's alerts and wish alerts (issue 35, saved from the
 * item search), each to delete, „E-Mails abbestellt“ with the way back where a mail's link switched its mails
 * off, and the form for a new alert. What a press did is said above the list, and takes the pressed button's focus.
 */
export function AlertsSection({ userId }: { userId: string }) {
  const alerts = useAlerts(userId);
  const remove = useDeleteAlert(userId);
  const resume = useResumeAlertMails(userId);
  const { done, say } = useListDone();
  const { hash } = useLocation();
  const read = !alerts.isPending;
  // Linked as /settings#alerts-title (e.g. from a search already saved): a route change does not scroll to it by itself.
  useEffect(() => {
    if (read && hash === `#${ALERTS_TITLE_ID}`) document.getElementById(ALERTS_TITLE_ID)?.scrollIntoView?.();
  }, [read, hash]);
  return (
    <ComeBackListSection
      id="alerts"
      texts={T}
      read={alerts}
      items={alerts.data}
      listLabel="Deine Flohmarkt-Alarme"
      done={shownDone(
        done,
        alerts.data?.map((a) => a.id),
      )}
      renderItem={(alert) => {
        const name = T.name(alert, alertPlace(alert));
        return (
          <AlertItem
            key={alert.id}
            alert={alert}
            onDelete={() => {
              say(T.deleted(name), alert.id);
              remove.mutate(alert);
            }}
            onResume={() => resume.mutate(alert, { onSuccess: () => say(T.resumed(name)) })}
            resuming={resume.isPending && resume.variables.id === alert.id}
          />
        );
      }}
    >
      <AlertForm userId={userId} />
    </ComeBackListSection>
  );
}
