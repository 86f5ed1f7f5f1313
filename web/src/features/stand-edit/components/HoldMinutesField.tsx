import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN } from '@flohmarkt/contracts';
import { TextField } from '@/components/form/Field';

interface HoldMinutesFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * How long after the market's start an accepted hold of an item lasts (issue 35): saved with the
 * stand, so the seller sets it once for every item (15–240 minutes, 60 unless changed).
 */
export function HoldMinutesField({ value, onChange, error }: HoldMinutesFieldProps) {
  const minutes = /^\d+$/.test(value.trim()) ? value.trim() : '…';
  return (
    <TextField
      id="holdMinutes"
      label="Haltezeit für Reservierungen (Minuten)"
      type="number"
      inputMode="numeric"
      min={HOLD_MINUTES_MIN}
      max={HOLD_MINUTES_MAX}
      step={1}
      required
      hint={`Reservierungen gelten bis ${minutes} Minuten nach Marktbeginn. Danach ist ein reserviertes Angebot wieder frei (${HOLD_MINUTES_MIN} bis ${HOLD_MINUTES_MAX} Minuten).`}
      value={value}
      onValueChange={onChange}
      error={error}
    />
  );
}
