import type { TAlert } from '@flohmarkt/contracts';
import { useAlerts, useDeleteAlert } from '../api/alerts';
import { alertPlace } from '../lib/alert-place';
import { ALERT_TEXTS as T } from '../lib/come-back-texts';
import { failureMessage } from '../lib/error-message';
import { AlertForm } from './AlertForm';
import '../come-back.css';

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
  return (
    <section className="card come-back" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="card__title">
        {T.title}
      </h2>
      <p>{T.lead}</p>
      {alerts.isPending ? <p role="status">{T.loading}</p> : null}
      {/* Read with the page, not after an action: shown, not announced (the page's own messages keep role="alert"). */}
      {alerts.isError ? <p className="notice notice--error">{failureMessage(alerts.error, T.loadFailed)}</p> : null}
      {alerts.data?.length === 0 ? <p className="muted">{T.none}</p> : null}
      {alerts.data && alerts.data.length > 0 ? (
        <ul className="come-back-list" aria-label="Deine Flohmarkt-Alarme">
          {alerts.data.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onDelete={() => remove.mutate(alert)} />
          ))}
        </ul>
      ) : null}
      <AlertForm userId={userId} />
    </section>
  );
}
