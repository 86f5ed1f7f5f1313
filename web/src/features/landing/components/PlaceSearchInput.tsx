import { LIMITS, type TGeocodeResult } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/components/location/use-debounced-value';
import { placeSuggestionsQueryOptions } from '../api/geocode';
import '@/components/ui/suggestion-list.css';

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
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), LIMITS.addressSearchDebounceMs);
  const asking = open && query.length >= LIMITS.addressSearchMinChars;
  const suggestions = useQuery({ ...placeSuggestionsQueryOptions(query), enabled: asking });
  // Only the answer for what the box says now: an older answer would offer places for old text.
  const list = asking && query === text.trim() ? (suggestions.data ?? []) : [];
  const expanded = list.length > 0;

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
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : list.length - 1) : (current + step + list.length) % list.length));
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={listId} role="listbox" aria-label="Vorschläge" className="suggestion-list" hidden={!expanded}>
        {list.map((place, index) => (
          <li
            key={place.placeId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="suggestion-list__option"
            // mousedown, not click: it comes before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place);
            }}
          >
            {place.displayName}
          </li>
        ))}
      </ul>
    </div>
  );
}
