import type { TLocationPrecision, TNameDisplay } from '@flohmarkt/contracts';

export interface StandPrivacyValues {
  locationPrecision: TLocationPrecision;
  nameDisplay: TNameDisplay;
}

export const DEFAULT_STAND_PRIVACY: StandPrivacyValues = { locationPrecision: 'exact', nameDisplay: 'name' };

const LOCATION_CHOICES: { value: TLocationPrecision; label: string; hint: string }[] = [
  { value: 'exact', label: 'Genau', hint: 'Besucher sehen deinen Stand gleich genau auf der Karte.' },
  {
    value: 'approximate',
    label: 'Ungefähr bis zum Markttag',
    hint: 'Bis 0 Uhr am ersten Markttag zeigt die Karte nur ein Feld von etwa 200 m; danach die genaue Lage.',
  },
];

const NAME_CHOICES: { value: TNameDisplay; label: string; hint: string }[] = [
  { value: 'name', label: 'Vorname und Initiale', hint: 'Zum Beispiel „Erika M.“.' },
  { value: 'number', label: 'Nur die Standnummer', hint: 'Ohne Nummer steht dort „Aussteller“.' },
];

interface StandPrivacyFieldsProps {
  values: StandPrivacyValues;
  onChange: (values: StandPrivacyValues) => void;
}

/** The two privacy choices of a stand (docs/product.md#privacy): how exactly its place and whose name the public sees. */
export function StandPrivacyFields({ values, onChange }: StandPrivacyFieldsProps) {
  return (
    <>
      <fieldset className="field">
        <legend className="field-label">Lage für Besucher</legend>
        {LOCATION_CHOICES.map((c) => (
          <label key={c.value} className="checkbox">
            <input
              type="radio"
              name="locationPrecision"
              value={c.value}
              checked={values.locationPrecision === c.value}
              onChange={() => onChange({ ...values, locationPrecision: c.value })}
            />
            <span>
              {c.label} <span className="field-hint">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend className="field-label">Name für Besucher</legend>
        {NAME_CHOICES.map((c) => (
          <label key={c.value} className="checkbox">
            <input
              type="radio"
              name="nameDisplay"
              value={c.value}
              checked={values.nameDisplay === c.value}
              onChange={() => onChange({ ...values, nameDisplay: c.value })}
            />
            <span>
              {c.label} <span className="field-hint">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** A stand's stored choices, for its edit form. */
export function privacyOf(stand: { locationPrecision?: TLocationPrecision; nameDisplay?: TNameDisplay }): StandPrivacyValues {
  return { locationPrecision: stand.locationPrecision ?? 'exact', nameDisplay: stand.nameDisplay ?? 'name' };
}
