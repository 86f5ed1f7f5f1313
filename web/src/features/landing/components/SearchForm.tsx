import type { TGeocodeResult } from '@flohmarkt/contracts';
import { useId, type FormEvent } from 'react';
import { todayInBerlin } from '../lib/filter-summary';
import { ItemSearchLink } from './ItemSearchLink';
import { PlaceSearchInput } from './PlaceSearchInput';
import '../landing.css';

interface SearchFormProps {
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion of the place box was taken: search there at once. */
  onPick: (place: TGeocodeResult) => void;
  date: string;
  onDateChange: (date: string) => void;
  onSearch: () => void;
  onClear: () => void;
  active: boolean;
}

/** The hero's location search and date picker, and under it the way to the item search. */
export function SearchForm({ text, onTextChange, onPick, date, onDateChange, onSearch, onClear, active }: SearchFormProps) {
  const placeId = useId();
  const dateId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <>
      <form className="search-form" role="search" aria-label="Flohmärkte suchen" onSubmit={submit}>
        <div className="search-form__field search-form__field--place">
          <label htmlFor={placeId} className="search-form__label">
            Wo?
          </label>
          <PlaceSearchInput id={placeId} text={text} onTextChange={onTextChange} onPick={onPick} />
        </div>
        <div className="search-form__field search-form__field--date">
          <label htmlFor={dateId} className="search-form__label">
            Wann?
          </label>
          <input id={dateId} type="date" className="input" min={todayInBerlin()} value={date} onChange={(e) => onDateChange(e.target.value)} />
        </div>
        <button type="submit" className="button button--accent search-form__submit">
          Flohmärkte finden
        </button>
        {active ? (
          <button type="button" className="link-button search-form__clear" onClick={onClear}>
            Filter aufheben
          </button>
        ) : null}
      </form>
      <ItemSearchLink />
    </>
  );
}
