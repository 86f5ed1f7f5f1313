import { LIMITS, formatLongDate, formatTime } from '@flohmarkt/contracts';
import { FieldFrame, fieldAria } from '@/components/form/Field';
import { localInputToIso, parseLocalInput, roundToStep } from '../lib/date-time';

interface DateTimeFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  min?: string;
  max?: string;
  /** Said below an empty field (an optional one says what leaving it empty means). */
  emptyHint?: string;
}

/**
 * A date-time input with the 300-second step of docs/product.md#in-the-browser. A typed time is rounded to the
 * nearest 5 minutes when the field is left (rounding while typing would fight the keyboard), and
 * the chosen moment is repeated below in de-DE words.
 */
export function DateTimeField({ id, label, value, onValueChange, error, required, min, max, emptyHint }: DateTimeFieldProps) {
  const date = parseLocalInput(value);
  const hint = date ? `${formatLongDate(localInputToIso(value))}, ${formatTime(localInputToIso(value))} Uhr` : emptyHint;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        type="datetime-local"
        className="input"
        step={LIMITS.dateInputStepSeconds}
        min={min}
        max={max}
        value={value}
        {...fieldAria(id, { required, hint, error })}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={() => {
          const rounded = roundToStep(value);
          if (rounded !== value) onValueChange(rounded);
        }}
      />
    </FieldFrame>
  );
}
