import type { TAlert } from '@flohmarkt/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ALERTS_TITLE_ID, useAlerts, useDeleteAlert } from '../api/alerts';
import { alertPlace } from '../lib/alert-place';
import { ALERT_TEXTS as T } from '../lib/come-back-texts';
import { AlertForm } from './AlertForm';
import { ComeBackListSection } from './ComeBackListSection';

function AlertItem({ alert, onDelete }: { alert: TAlert; onDelete: () => void }) {
  const place = alertPlace(alert);
  return (
    <li className="come-back-list__item">
      {alert.query ? (
        <div className="come-back-list__text">
          <p className="come-back-list__title">{T.wish(alert.query, alert.radiusKm, place)}</p>
          <p className="come-back-list__meta">{T.wishMeta}</p>
        </div>
      ) : (
        <div className="come-back-list__text">
          <p className="come-back-list__title">{place}</p>
          <p className="come-back-list__meta">
            {T.radius(alert.radiusKm)} · {alert.categories.length > 0 ? T.categories(alert.categories) : T.onlyMarkets}
          </p>
        </div>
      )}
      <button type="button" className="button button--ghost-danger" onClick={onDelete}>
        {T.delete}
        <span className="visually-hidden">: {alert.query ? T.wishDeleteName(alert.query) : `Flohmarkt-Alarm für ${place}`}</span>
      </button>
    </li>
  );
}

/**
 * "Flohmarkt-Alarm" on /settings (issue 34): the user's alerts and wish alerts (issue 35, saved from the
 * item search), each to delete, and the form for a new alert.
 */
export function AlertsSection({ userId }: { userId: string }) {
  const alerts = useAlerts(userId);
  const remove = useDeleteAlert(userId);
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
      renderItem={(alert) => <AlertItem key={alert.id} alert={alert} onDelete={() => remove.mutate(alert)} />}
    >
      <AlertForm userId={userId} />
    </ComeBackListSection>
  );
}
