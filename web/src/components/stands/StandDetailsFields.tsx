import { LIMITS } from '@flohmarkt/contracts';
import { CheckboxField, TextAreaField, TextField } from '@/components/form/Field';
import type { FieldErrors } from '@/components/form/field-errors';
import type { StandFormValues } from './stand-form-values';

type StandDetails = Pick<StandFormValues, 'standNumber' | 'description' | 'acceptsPayPal'>;

interface StandDetailsFieldsProps {
  values: StandDetails;
  /** Fits the forms' own `set` (useFormState), whatever else their values hold. */
  onChange: { (key: 'standNumber' | 'description', value: string): void; (key: 'acceptsPayPal', value: boolean): void };
  errors: FieldErrors;
  /** Keeps the ids unique where two stand forms could share a page: 'guest' gives guestStandNumber. */
  idPrefix?: string;
  /** Whose stand it is: the seller's own ('own') or one the organiser enters for someone ('theirs'). */
  voice?: 'own' | 'theirs';
}

function fieldId(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}${name[0].toUpperCase()}${name.slice(1)}`;
}

/**
 * The stand's number or name, description and PayPal switch, in the order and with the texts every
 * stand form uses (register, edit, guest, walk-up), so the four cannot drift apart.
 */
export function StandDetailsFields({ values, onChange, errors, idPrefix = '', voice = 'own' }: StandDetailsFieldsProps) {
  const own = voice === 'own';
  return (
    <>
      <TextField
        id={fieldId(idPrefix, 'standNumber')}
        label="Standnummer oder -name"
        autoComplete="off"
        // The server's limit (50): a longer name stops being typed instead of failing after the submit.
        maxLength={LIMITS.standNumberMaxLength}
        value={values.standNumber}
        onValueChange={(v) => onChange('standNumber', v)}
        error={errors.standNumber}
      />
      <TextAreaField
        id={fieldId(idPrefix, 'description')}
        label="Beschreibung"
        required
        value={values.description}
        onValueChange={(v) => onChange('description', v)}
        error={errors.description}
        hint={own ? 'Mindestens 10 Zeichen: Was gibt es an deinem Stand?' : 'Mindestens 10 Zeichen: Was gibt es an dem Stand?'}
      />
      <CheckboxField
        id={fieldId(idPrefix, 'acceptsPayPal')}
        label={own ? 'Ich akzeptiere PayPal' : 'PayPal wird akzeptiert'}
        checked={values.acceptsPayPal}
        onCheckedChange={(v) => onChange('acceptsPayPal', v)}
      />
    </>
  );
}
