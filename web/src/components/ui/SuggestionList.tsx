import { LIMITS, type TGeocodeResult } from '@flohmarkt/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/components/location/use-debounced-value';
import './suggestion-list.css';

/** The id of suggestion `index` of the listbox `listId` (for aria-activedescendant). */
export function suggestionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/**
 * The places a combobox suggests for its text (AddressSearch, PlaceSearchInput): asked from 3
 * characters, 300 ms after the last key, and only while the list is `open` (typing opens it).
 * `query` is the text asked for, `asking` whether it is asked.
 */
export function useSuggestionQuery(text: string, options: (q: string) => UseQueryOptions<TGeocodeResult[]>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text.trim(), LIMITS.addressSearchDebounceMs);
  const asking = open && query.length >= LIMITS.addressSearchMinChars;
  const results = useQuery({ ...options(query), enabled: asking });
  return { listId, open, setOpen, query, asking, results };
}

/** A combobox input's wiring to its listbox: the highlighted suggestion is announced while the focus stays in the box. */
export function comboboxProps(listId: string, expanded: boolean, active: number) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? suggestionId(listId, active) : undefined,
  } as const;
}

/**
 * The highlighted suggestion of a combobox (-1: none), moved by the arrow keys round the list: the
 * first ArrowDown takes the first, the first ArrowUp the last. `arrows` answers whether it took the key.
 */
export function useHighlightedSuggestion(count: number) {
  const [active, setActive] = useState(-1);
  const arrows = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || count === 0) return false;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActive((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
    return true;
  };
  return { active, setActive, arrows };
}

interface SuggestionListProps {
  listId: string;
  /** The listbox's accessible name. */
  label: string;
  suggestions: TGeocodeResult[];
  active: number;
  hidden: boolean;
  onPick: (suggestion: TGeocodeResult) => void;
}

/** The listbox under a place or address combobox (PlaceSearchInput, AddressSearch). */
export function SuggestionList({ listId, label, suggestions, active, hidden, onPick }: SuggestionListProps) {
  return (
    <ul id={listId} role="listbox" aria-label={label} className="suggestion-list" hidden={hidden}>
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.placeId}
          id={suggestionId(listId, index)}
          role="option"
          aria-selected={index === active}
          className="suggestion-list__option"
          // mousedown, not click: it comes before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(suggestion);
          }}
        >
          {suggestion.displayName}
        </li>
      ))}
    </ul>
  );
}
