import { LIMITS, SCREENS, type TGeocodeResult } from '@flohmarkt/contracts';
import type { KeyboardEvent } from 'react';
import { addressSuggestionsQueryOptions } from './address-suggestions';
import { FieldFrame, fieldAria } from '@/components/form/Field';
import { SuggestionList, comboboxProps, useHighlightedSuggestion, useSuggestionQuery } from '@/components/ui/SuggestionList';
import './address-search.css';

interface AddressSearchProps {
  id: string;
  label: string;
  value: string;
  /** Typing: the text is also the manual entry of the location. */
  onValueChange: (value: string) => void;
  /** A result was chosen: its name and coordinates. */
  onSelect: (result: TGeocodeResult) => void;
  error?: string;
  required?: boolean;
  hint?: string;
  /** What to do when nothing is found, after the specified 'Keine Adressen gefunden'. */
  nothingFoundHint?: string;
  /**
   * What the chosen result means for the form (e.g. only the place was found, not the address): shown
   * under the search until the form takes it back, announced politely to screen readers.
   */
  notice?: string | null;
}

/**
 * The address search of the forms (docs/product.md#maps): from 3 characters, 300 ms after typing
 * stops, at most 5 results, 'Keine Adressen gefunden' when there are none. A combobox: arrow keys
 * move through the results, Enter takes one, Escape closes the list; the text typed stays usable
 * as a manually entered location.
 */
export function AddressSearch({ id, label, value, onValueChange, onSelect, error, required, hint, nothingFoundHint, notice }: AddressSearchProps) {
  const { listId, setOpen, asking: searching, results } = useSuggestionQuery(value, addressSuggestionsQueryOptions);
  const list = searching ? (results.data ?? []) : [];
  const expanded = searching && !results.isPending;
  const showList = expanded && list.length > 0;
  const { active, setActive, arrows } = useHighlightedSuggestion(showList ? list.length : 0);

  const choose = (result: TGeocodeResult) => {
    onSelect(result);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList || arrows(event)) return;
    if (event.key === 'Enter' && active >= 0 && list[active]) {
      event.preventDefault();
      choose(list[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  };

  const hintText = hint ?? `Ab ${LIMITS.addressSearchMinChars} Zeichen werden passende Adressen vorgeschlagen.`;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hintText}
      error={error}
      className="address-search"
      notes={
        <>
          {searching && results.isFetching ? (
            <p className="field-hint" role="status">
              Adressen werden gesucht …
            </p>
          ) : null}
          {expanded && results.isError ? (
            <p className="field-hint">Die Adresssuche ist gerade nicht erreichbar. Du kannst den Ort auch selbst eingeben.</p>
          ) : null}
          {expanded && !results.isError && list.length === 0 ? (
            <p className="address-search__empty" role="status">
              {SCREENS.noAddressesFound}
              {nothingFoundHint ? <span className="address-search__next"> {nothingFoundHint}</span> : null}
            </p>
          ) : null}
          {/* Always there, so screen readers hear the notice when it appears. */}
          <div className="address-search__notice" role="status">
            {notice ? <p className="address-search__notice-text">{notice}</p> : null}
          </div>
        </>
      }
    >
      <div className="address-search__box">
        <input
          id={id}
          name={id}
          className="input"
          type="text"
          autoComplete="off"
          {...comboboxProps(listId, showList, active)}
          {...fieldAria(id, { required, hint: hintText, error })}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <SuggestionList listId={listId} label="Gefundene Adressen" suggestions={list} active={active} hidden={!showList} onPick={choose} />
      </div>
    </FieldFrame>
  );
}
