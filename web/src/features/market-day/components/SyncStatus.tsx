import type { RefusedCheckIn } from '../lib/use-check-in-sync';

interface SyncStatusProps {
  waiting: number;
  online: boolean;
  refused: readonly RefusedCheckIn[];
  /** The label of a stand for a refusal's line. */
  labelOf: (standId: string) => string;
}

/** Whether this phone's ticks have reached the server, said politely as it changes; refused ticks with the server's reason. */
export function SyncStatus({ waiting, online, refused, labelOf }: SyncStatusProps) {
  // Refused ticks are not waiting, but nor is everything in: „Alles synchronisiert“ would cover them.
  const text =
    waiting > 0
      ? `${waiting} ${waiting === 1 ? 'Änderung wartet' : 'Änderungen warten'} auf Netz${online ? ' – wird gesendet …' : ''}`
      : refused.length > 0
        ? `${refused.length} ${refused.length === 1 ? 'Änderung' : 'Änderungen'} nicht übernommen`
        : 'Alles synchronisiert';
  return (
    <div className="sync-status">
      <p className={`sync-status__text${waiting > 0 || refused.length > 0 ? ' sync-status__text--waiting' : ''}`} aria-live="polite" role="status">
        {text}
      </p>
      {refused.length > 0 ? (
        <ul className="notice notice--error sync-status__refused" role="alert">
          {refused.map((r) => (
            <li key={r.standId}>
              {labelOf(r.standId)}: {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
