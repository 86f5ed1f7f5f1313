import { formatDateTime } from '@flohmarkt/contracts';
import { useOfflineStatus } from '../lib/offline-status';
import '../offline.css';

/**
 * Says when the page cannot be fresh (issue 19): offline, or shown from the copy the service worker
 * kept because the server did not answer in time (poor reception), with the time of that copy.
 * After the connection is back, a reload brings the current data.
 */
export function OfflineBanner() {
  const { online, fromCache, cachedAt, reconnected } = useOfflineStatus();
  if (online && !fromCache) return null;
  const since = cachedAt ? ` Stand: ${formatDateTime(cachedAt)} Uhr.` : '';
  const title = !online ? 'Du bist offline' : reconnected ? 'Wieder online' : 'Keine Verbindung zum Server';
  return (
    <div className="offline-banner" role="status">
      <p className="offline-banner__text container">
        <strong>{title}</strong> – die Daten können veraltet sein.{since}
        {online ? (
          <>
            {' '}
            <button type="button" className="offline-banner__reload" onClick={() => window.location.reload()}>
              Neu laden
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}
