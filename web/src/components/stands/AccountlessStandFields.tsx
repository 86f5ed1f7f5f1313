import type { TEvent, TLatLng } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import type { FieldErrors } from '@/components/form/field-errors';
import { GuestNameFields } from './GuestNameFields';
import { StandCategoryFields, type StandCategories } from './StandCategoryFields';
import { StandDetailsFields } from './StandDetailsFields';
import { StandAddressFields, fillFromMap, type StandAddressValues } from './StandAddressFields';
import { StandLocationField } from './StandLocationField';
import type { AccountlessStandValues } from './stand-form-values';

/** The ids of each form's fields, unique where both could share a page. */
const IDS = {
  guest: { fields: 'guest', categories: 'guest-', point: 'guestPoint' },
  organiser: { fields: 'walkUp', categories: 'walk-up-', point: 'walkUpPoint' },
} as const;

interface AccountlessStandFieldsProps {
  /** The guest registering their own stand, or the organiser entering one on site (issue 18). */
  enteredBy: 'guest' | 'organiser';
  event: Pick<TEvent, 'latitude' | 'longitude'>;
  values: AccountlessStandValues;
  /** Fits the forms' own `set` (useFormState), whatever else their values hold. */
  onChange: {
    (key: 'guestFirstName' | 'guestLastName' | 'standNumber' | 'description', value: string): void;
    (key: keyof StandCategories, value: string[]): void;
    (key: 'acceptsPayPal', value: boolean): void;
    (key: 'point', value: TLatLng | null): void;
    (key: 'address', value: StandAddressValues): void;
  };
  errors: FieldErrors;
  /** Asked between the name and the stand (the guest's e-mail address). */
  contact?: ReactNode;
}

/** The fields of a stand without an account: name, stand details, categories, an optional address and point. */
export function AccountlessStandFields({ enteredBy, event, values, onChange, errors, contact }: AccountlessStandFieldsProps) {
  const ids = IDS[enteredBy];
  const voice = enteredBy === 'guest' ? 'own' : 'theirs';
  return (
    <>
      <GuestNameFields idPrefix={ids.fields} enteredBy={enteredBy} values={values} onChange={onChange} errors={errors} />
      {contact}
      <StandDetailsFields idPrefix={ids.fields} voice={voice} values={values} onChange={onChange} errors={errors} />
      <StandCategoryFields idPrefix={ids.categories} voice={voice} values={values} onChange={(key, categories) => onChange(key, categories)} errors={errors} />
      <StandAddressFields
        idPrefix={ids.fields}
        voice={voice}
        value={values.address}
        onChange={(address) => onChange('address', address)}
        onPoint={(point) => onChange('point', point)}
        point={values.point}
        error={errors.address}
      />
      <StandLocationField
        id={ids.point}
        event={event}
        value={values.point}
        onChange={(point) => onChange('point', point)}
        onAddress={(found) => onChange('address', fillFromMap(values.address, found))}
        error={errors.point}
        removable
        legend="Standort auf der Karte (optional)"
      />
    </>
  );
}
