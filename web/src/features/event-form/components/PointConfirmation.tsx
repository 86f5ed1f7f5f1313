interface PointConfirmationProps {
  /** The server's sentence naming the point, the distance and the typed place. */
  message: string;
  busy: boolean;
  onConfirm: () => void;
}

/**
 * Issue 30, O1: the point on the map lies far from the place the location text names. Saving needs an
 * explicit 'Trotzdem speichern'; 'Punkt ändern' brings the map into view instead.
 */
export function PointConfirmation({ message, busy, onConfirm }: PointConfirmationProps) {
  const showMap = () => {
    const map = document.getElementById('point');
    map?.scrollIntoView({ block: 'center' });
    map?.focus();
  };
  return (
    <div className="notice notice--error point-confirmation" role="alert">
      <p>{message} Trotzdem speichern?</p>
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          Trotzdem speichern
        </button>
        <button type="button" className="button button--ghost" onClick={showMap}>
          Punkt ändern
        </button>
      </div>
    </div>
  );
}
