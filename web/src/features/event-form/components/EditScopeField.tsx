import type { TEditScope } from '@flohmarkt/contracts';
import '../event-form.css';

const SCOPES: { value: TEditScope; label: string }[] = [
  { value: 'this', label: 'nur diesen Termin' },
  { value: 'following', label: 'diesen und alle folgenden Termine' },
];

/**
 * The edit of a market in a series (issue 34): this date alone, or this and every later date that is
 * not cancelled (they move by as many days and take the new time and duration).
 */
export function EditScopeField({ value, onChange }: { value: TEditScope; onChange: (scope: TEditScope) => void }) {
  return (
    <fieldset className="field edit-scope">
      <legend className="field-label">Änderungen speichern für</legend>
      <div className="edit-scope__choices">
        {SCOPES.map((s) => (
          <label key={s.value} className="checkbox">
            <input type="radio" name="editScope" value={s.value} checked={value === s.value} onChange={() => onChange(s.value)} />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
      {value === 'following' ? (
        <p className="field-hint">
          Die folgenden Termine rücken um ebenso viele Tage wie dieser und übernehmen Uhrzeit und Dauer. Abgesagte Termine bleiben, wie sie sind.
        </p>
      ) : null}
    </fieldset>
  );
}
