import type { TLocationPrecision, TNameDisplay } from '@flohmarkt/contracts';

export interface StandPrivacyValues {
  locationPrecision: TLocationPrecision;
  nameDisplay: TNameDisplay;
}

export const DEFAULT_STAND_PRIVACY: StandPrivacyValues = { locationPrecision: 'exact', nameDisplay: 'name' };

/** One radio of a privacy choice: the value, its label and what it means. */
type Choice<T> = { value: T; label: string; hint: string };

const LOCATION_CHOICES: Choice<TLocationPrecision>[] = [
  { value: 'exact', label: 'Genau', hint: 'Besucher sehen deinen Stand gleich genau auf der Karte.' },
  {
    value: 'approximate',
    label: 'Ungefähr bis zum Markttag',
    hint: 'Bis der erste Markttag beginnt (0 Uhr), zeigt die Karte nur einen Bereich von etwa 200 m, danach die genaue Lage.',
  },
];

const NAME_CHOICES: Choice<TNameDisplay>[] = [
  // Said as it is: the spec's stand search on the event page finds a seller by the whole last name, so the reads carry it.
  {
    value: 'name',
    label: 'Vorname und Initiale',
    hint: 'Die Seiten zeigen zum Beispiel „Erika M.“; die Standsuche des Flohmarkts findet dich auch über deinen Nachnamen.',
  },
  { value: 'number', label: 'Nur die Standnummer', hint: 'Ohne Nummer steht dort „Aussteller“.' },
];

interface StandPrivacyFieldsProps {
  values: StandPrivacyValues;
  onChange: (values: StandPrivacyValues) => void;
}

/** One of the choices as radios, each with its hint. */
function ChoiceGroup<K extends keyof StandPrivacyValues>({
  name,
  legend,
  choices,
  values,
  onChange,
}: StandPrivacyFieldsProps & { name: K; legend: string; choices: Choice<StandPrivacyValues[K]>[] }) {
  return (
    <fieldset className="field">
      <legend className="field-label">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="checkbox checkbox--described">
          <input type="radio" name={name} value={c.value} checked={values[name] === c.value} onChange={() => onChange({ ...values, [name]: c.value })} />
          <span>
            {c.label} <span className="field-hint">{c.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The two privacy choices of a stand (docs/product.md#privacy): how exactly its place and whose name the public sees. */
export function StandPrivacyFields(props: StandPrivacyFieldsProps) {
  return (
    <>
      <ChoiceGroup {...props} name="locationPrecision" legend="Lage für Besucher" choices={LOCATION_CHOICES} />
      <ChoiceGroup {...props} name="nameDisplay" legend="Name für Besucher" choices={NAME_CHOICES} />
    </>
  );
}

/** A stand's stored choices, for its edit form. */
export function privacyOf(stand: { locationPrecision?: TLocationPrecision; nameDisplay?: TNameDisplay }): StandPrivacyValues {
  return { locationPrecision: stand.locationPrecision ?? 'exact', nameDisplay: stand.nameDisplay ?? 'name' };
}
