import { TextField } from '@/components/form/Field';
import type { FieldErrors } from '@/components/form/field-errors';

interface GuestName {
  guestFirstName: string;
  guestLastName: string;
}

interface GuestNameFieldsProps {
  values: GuestName;
  onChange: (key: keyof GuestName, value: string) => void;
  errors: FieldErrors;
  idPrefix: string;
  /**
   * The guest's own form asks the first name (required) and lets the browser fill in their name;
   * the organiser's walk-up entry may leave both out and must not suggest the organiser's own name.
   */
  enteredBy: 'guest' | 'organiser';
}

/** First and last name of someone who registers a stand without an account, side by side. */
export function GuestNameFields({ values, onChange, errors, idPrefix, enteredBy }: GuestNameFieldsProps) {
  const guest = enteredBy === 'guest';
  return (
    <div className="form-row">
      <TextField
        id={`${idPrefix}FirstName`}
        label={guest ? 'Vorname' : 'Vorname (optional)'}
        required={guest}
        autoComplete={guest ? 'given-name' : 'off'}
        value={values.guestFirstName}
        onValueChange={(v) => onChange('guestFirstName', v)}
        error={errors.guestFirstName}
      />
      <TextField
        id={`${idPrefix}LastName`}
        label={guest ? 'Nachname' : 'Nachname (optional)'}
        autoComplete={guest ? 'family-name' : 'off'}
        value={values.guestLastName}
        onValueChange={(v) => onChange('guestLastName', v)}
        error={errors.guestLastName}
      />
    </div>
  );
}
