import type { TGeocodeResult } from '@flohmarkt/contracts';
import type { KeyboardEvent } from 'react';
import { SuggestionList, comboboxProps, useHighlightedSuggestion, useSuggestionQuery } from '@/components/ui/SuggestionList';
import { addressSuggestionsQueryOptions } from '@/components/location/address-suggestions';

interface PlaceSearchInputProps {
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion was taken (click, or Enter on the highlighted one). */
  onPick: (place: TGeocodeResult) => void;
}

/**
 * The hero's place box as a combobox: while typing it suggests places, postcodes and streets
 * (GET /api/geocode, from 3 characters, 300 ms after the last key, 5 at most, as the address
 * search of the forms). Arrow keys move through the suggestions (aria-activedescendant keeps the
 * focus in the box), Enter takes the highlighted one, Escape closes the list. Enter without a
 * highlighted suggestion submits the form: the typed text is searched as it is.
 */
export function PlaceSearchInput({ id, text, onTextChange, onPick }: PlaceSearchInputProps) {
  const { listId, open, setOpen, query, asking, results: suggestions } = useSuggestionQuery(text, addressSuggestionsQueryOptions);
  // Only the answer for what the box says now: an older answer would offer places for old text.
  const list = asking && query === text.trim() ? (suggestions.data ?? []) : [];
  const expanded = list.length > 0;
  const { active, setActive, arrows } = useHighlightedSuggestion(list.length);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (place: TGeocodeResult) => {
    close();
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && expanded) {
      // Closes the list only; without a list, Escape keeps the browser's meaning (clear the box).
      event.preventDefault();
      close();
    } else if (arrows(event)) {
      // Moved through the suggestions.
    } else if (event.key === 'ArrowDown' && !open) {
      setOpen(true);
    } else if (event.key === 'Enter' && expanded && list[active]) {
      event.preventDefault();
      pick(list[active]);
    } else if (event.key === 'Enter') {
      close();
    }
  };

  return (
    <div className="place-search">
      <input
        id={id}
        type="search"
        className="input"
        placeholder="Ort, Postleitzahl oder Adresse"
        autoComplete="off"
        enterKeyHint="search"
        {...comboboxProps(listId, expanded, active)}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <SuggestionList listId={listId} label="Vorschläge" suggestions={list} active={active} hidden={!expanded} onPick={pick} />
    </div>
  );
}
