import { ADDRESS_LIMITS, ADDRESS_MESSAGES, type TFoundAddress, type TGeocodeResult, type TLatLng } from '@flohmarkt/contracts';
import { useState } from 'react';
import { TextField } from '@/components/form/Field';
import { AddressSearch } from '@/components/location/AddressSearch';
import { isPlaceOnly, noticeAt, placeName, type PointNotice } from '@/components/location/place-only';
import { splitHouseNumber, typedBeforePlace } from '@/components/location/typed-street';
import './stand-address.css';

/** A stand's address as its form holds it: four texts, all empty for a stand without one. */
export interface StandAddressValues {
  street: string;
  houseNumber: string;
  postcode: string;
  town: string;
}

export const EMPTY_ADDRESS: StandAddressValues = { street: '', houseNumber: '', postcode: '', town: '' };

type AddressField = keyof StandAddressValues;

/** Which input a message about the address belongs under (the server's and the schema's alike). */
function fieldOf(message: string): AddressField | null {
  const { streetRequired, streetTooLong, houseNumberRequired, invalidHouseNumber, invalidPostcode, postcodeUnknown, townRequired, townTooLong } =
    ADDRESS_MESSAGES;
  if (message === streetRequired || message === streetTooLong) return 'street';
  if (message === houseNumberRequired || message === invalidHouseNumber) return 'houseNumber';
  if (message === invalidPostcode || message === postcodeUnknown || message.startsWith('Die Postleitzahl ')) return 'postcode';
  if (message === townRequired || message === townTooLong) return 'town';
  return null;
}

/** Whether a server's 400 is about the address: the form shows it under the address field it names. */
export function isAddressProblem(message: string): boolean {
  return fieldOf(message) !== null;
}

interface StandAddressFieldsProps {
  idPrefix?: string;
  value: StandAddressValues;
  onChange: (value: StandAddressValues) => void;
  /** A found address moves the stand's point there too (still adjustable on the map). */
  onPoint: (point: TLatLng) => void;
  /** The stand's point, where the form passes it: a notice about a found place's point goes once the point was moved. */
  point?: TLatLng | null;
  error?: string;
  /** Who fills it in: the stand's holder ('own', "deines Hofs"), or the organiser on the market day for them ('theirs'). */
  voice?: 'own' | 'theirs';
}

/** Said under the search when a result names only the place: what is filled, what is still to do. */
export function placeOnlyNotice(place: string, streetKept = false): string {
  const todo = streetKept
    ? 'Straße und Hausnummer sind aus deiner Suche übernommen; setz den Punkt auf der Karte an die richtige Stelle.'
    : 'Trag Straße und Hausnummer ein und setz den Punkt auf der Karte an die richtige Stelle.';
  return `Nur der Ort gefunden, nicht die Adresse: Der Punkt steht in der Mitte von ${place}. ${todo}`;
}

/** The fields after a place-only result: PLZ and Ort found, and the street typed in front of the place into empty street fields. */
function withPlaceOnly(value: StandAddressValues, result: TGeocodeResult, typed: string): { value: StandAddressValues; streetKept: boolean } {
  const found = result.address ? withFound(value, result.address) : value;
  const before = typedBeforePlace(typed, result.displayName);
  if (!before || found.street.trim() || found.houseNumber.trim()) return { value: found, streetKept: false };
  return { value: { ...found, ...splitHouseNumber(before) }, streetKept: true };
}

/**
 * The stand's address (issue 33, Hofflohmarkt: the courtyard, garage or front garden): found by the
 * address search — the street index plus the typed house number, or the online geocoder where one is
 * configured — or typed in four fields. Choosing a result fills the fields and moves the point.
 *
 * A result that is only a place or postcode (the gazetteer knows no street there yet) fills PLZ and Ort,
 * and Straße and Hausnummer with what was typed in front of the place while they are empty; it empties the
 * search box (what it held was an address nobody found: left there it would read as one) and says so under
 * it, with the focus on 'Straße' for the rest.
 */
export function StandAddressFields({ idPrefix = 'stand', value, onChange, onPoint, point, error, voice = 'own' }: StandAddressFieldsProps) {
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<PointNotice | null>(null);
  const streetId = `${idPrefix}Street`;
  const set = (key: AddressField, text: string) => onChange({ ...value, [key]: text });
  const choose = (result: TGeocodeResult) => {
    const at = { lat: result.lat, lng: result.lng };
    onPoint(at);
    if (!isPlaceOnly(result)) {
      if (result.address) onChange(withFound(value, result.address));
      setNotice(null);
      return;
    }
    const placed = withPlaceOnly(value, result, query);
    onChange(placed.value);
    setQuery('');
    setNotice({ text: placeOnlyNotice(placeName(result), placed.streetKept), at });
    document.getElementById(streetId)?.focus();
  };
  const errorField = error ? fieldOf(error) : null;
  const errorOf = (key: AddressField) => (errorField === key ? error : undefined);
  return (
    <fieldset className="field stand-address-fields">
      <legend className="field-label">Adresse (optional)</legend>
      <p className="field-hint">
        {voice === 'own'
          ? 'Für Hofflohmärkte: die Adresse deines Hofs, deiner Garage oder deines Vorgartens. Bei ungefährem Standort sehen Besucher vor dem Markttag nur Straße und Ort.'
          : // Entered on the market day itself: the address is public at once, no "before the day" applies.
            'Für Hofflohmärkte: die Adresse des Hofs, der Garage oder des Vorgartens.'}
      </p>
      <AddressSearch
        id={`${idPrefix}AddressSearch`}
        label="Adresse suchen"
        value={query}
        onValueChange={setQuery}
        onSelect={choose}
        notice={point === undefined ? (notice?.text ?? null) : noticeAt(notice, point)}
        hint="Straße und Hausnummer, z. B. „Hohe Straße 12, Köln“: Die Felder werden ausgefüllt und der Punkt auf der Karte folgt."
        nothingFoundHint="Trag die Adresse einfach unten ein und setz den Punkt auf der Karte."
      />
      <div className="form-row stand-address-fields__street">
        <TextField
          id={streetId}
          label="Straße"
          autoComplete="address-line1"
          maxLength={ADDRESS_LIMITS.streetMaxLength}
          value={value.street}
          onValueChange={(text) => set('street', text)}
          error={errorOf('street')}
        />
        <TextField
          id={`${idPrefix}HouseNumber`}
          label="Hausnummer"
          className="stand-address-fields__number"
          autoComplete="off"
          maxLength={ADDRESS_LIMITS.houseNumberMaxLength}
          value={value.houseNumber}
          onValueChange={(text) => set('houseNumber', text)}
          error={errorOf('houseNumber')}
        />
      </div>
      <div className="form-row stand-address-fields__town">
        <TextField
          id={`${idPrefix}Postcode`}
          label="PLZ"
          className="stand-address-fields__postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={value.postcode}
          onValueChange={(text) => set('postcode', text)}
          error={errorOf('postcode')}
        />
        <TextField
          id={`${idPrefix}Town`}
          label="Ort"
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.townMaxLength}
          value={value.town}
          onValueChange={(text) => set('town', text)}
          error={errorOf('town')}
        />
      </div>
      {error && !errorField ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The fields with what a search or the map found; a part the finder does not name keeps what was typed. */
export function withFound(value: StandAddressValues, found: TFoundAddress): StandAddressValues {
  return {
    street: found.street ?? value.street,
    houseNumber: found.houseNumber ?? value.houseNumber,
    postcode: found.postcode ?? value.postcode,
    town: found.town ?? value.town,
  };
}

/** A point picked on the map fills the address only while none is typed: it never overwrites the seller's own. */
export function fillFromMap(value: StandAddressValues, found: TFoundAddress): StandAddressValues {
  return addressBody(value) === null ? withFound(value, found) : value;
}

/** The body's `address`: null when all four fields are empty (none, or removed), else the four texts for the server's check. */
export function addressBody(value: StandAddressValues): StandAddressValues | null {
  const trimmed = { street: value.street.trim(), houseNumber: value.houseNumber.trim(), postcode: value.postcode.trim(), town: value.town.trim() };
  return Object.values(trimmed).every((text) => text === '') ? null : trimmed;
}
