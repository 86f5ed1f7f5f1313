import { FieldText } from '@/components/form/Field';
import { firstDay, monthlyLabel, previewText, seriesPreview, type SeriesChoice, type SeriesValues } from '../lib/series-values';
import '../event-form.css';

interface SeriesFieldsProps {
  /** The form's Beginn and Ende (datetime-local values): the first date, from which the others are worked out. */
  startDateTime: string;
  endDateTime: string;
  value: SeriesValues;
  onChange: (value: SeriesValues) => void;
  /** The message of a refused submit; a problem the preview finds is shown without one. */
  error?: string;
}

const ID = 'series';

function choices(startDateTime: string): { value: SeriesChoice; label: string }[] {
  return [
    { value: 'once', label: 'Einmalig' },
    { value: 'weekly', label: 'Jede Woche' },
    { value: 'biweekly', label: 'Alle zwei Wochen' },
    { value: 'monthly', label: monthlyLabel(startDateTime) },
    { value: 'dates', label: 'Eigene Termine' },
  ];
}

/** „Eigene Termine“: the dates beside the first one, each removable, and one more on request. */
function OwnDates({ value, onChange, min, invalid }: { value: SeriesValues; onChange: (value: SeriesValues) => void; min?: string; invalid: boolean }) {
  const setDates = (dates: string[]) => onChange({ ...value, dates });
  return (
    // A refused submit focuses the first date here (useFormState), not the first choice above.
    <div className="series-fields__dates" data-invalid={invalid ? 'true' : undefined}>
      <p className="field-hint">Der erste Termin ist der Beginn oben. Füge die weiteren Tage hinzu; Uhrzeit und Dauer sind dieselben.</p>
      {value.dates.map((date, i) => {
        // The Beginn is Termin 1: the rows count on from 2.
        const label = `Termin ${i + 2}`;
        return (
          <div key={i} className="series-fields__date-row">
            <label className="field-label" htmlFor={`${ID}-date-${i}`}>
              {label}
            </label>
            <input
              id={`${ID}-date-${i}`}
              type="date"
              className="input"
              value={date}
              min={min}
              onChange={(event) => setDates(value.dates.map((d, j) => (j === i ? event.target.value : d)))}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`${label} entfernen`}
              onClick={() => setDates(value.dates.filter((_, j) => j !== i))}
            >
              Entfernen
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--outline button--small series-fields__add" onClick={() => setDates([...value.dates, ''])}>
        Termin hinzufügen
      </button>
    </div>
  );
}

/**
 * „Wiederholen“ of the create form (issue 34): a single market, a rule with its end, or dates of the
 * organiser's own; below, the dates the series makes (as the service will make them) or why it cannot.
 */
export function SeriesFields({ startDateTime, endDateTime, value, onChange, error }: SeriesFieldsProps) {
  const preview = seriesPreview(startDateTime, endDateTime, value);
  const message = error ?? (preview.kind === 'error' ? preview.message : undefined);
  const status = preview.kind === 'dates' ? previewText(preview.dates) : preview.kind === 'incomplete' && !message ? preview.message : undefined;
  const min = firstDay(startDateTime) ?? undefined;
  const describedBy = [message ? `${ID}-error` : null, status ? `${ID}-hint` : null].filter(Boolean).join(' ') || undefined;
  const isRule = value.choice === 'weekly' || value.choice === 'biweekly' || value.choice === 'monthly';

  return (
    <fieldset className="form-group series-fields" aria-describedby={describedBy}>
      <legend className="form-group__title">Wiederholen</legend>
      <div className="series-fields__choices">
        {choices(startDateTime).map((c) => (
          <label key={c.value} className="checkbox">
            <input
              type="radio"
              name={`${ID}-choice`}
              value={c.value}
              checked={value.choice === c.value}
              onChange={() => onChange({ ...value, choice: c.value })}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {isRule ? (
        <div className="field field--narrow">
          <label className="field-label" htmlFor={`${ID}-until`}>
            bis
          </label>
          <input
            id={`${ID}-until`}
            type="date"
            className="input"
            value={value.until}
            min={min}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, until: event.target.value })}
          />
        </div>
      ) : null}
      {value.choice === 'dates' ? <OwnDates value={value} onChange={onChange} min={min} invalid={message !== undefined} /> : null}
      {value.choice !== 'once' ? (
        <>
          <p className="field-hint">
            Jeder Termin wird ein eigener Flohmarkt mit eigenen Ständen und eigener Anmeldung. Eine Anmeldefrist gilt für jeden Termin im selben Abstand.
          </p>
          <div aria-live="polite" className="series-fields__status">
            <FieldText id={ID} kind="hint" text={status} />
            <FieldText id={ID} kind="error" text={message} />
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
