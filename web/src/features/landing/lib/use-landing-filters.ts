import { LIMITS } from '@flohmarkt/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The place searched (its name); the item search link takes it along. */
export const PLACE_PARAM = 'ort';
const DATE_PARAM = 'datum';

/**
 * The landing search state. The committed place and date live in the address (?ort=…&datum=…),
 * so the back button and shared links keep the search. The place text commits on the button and
 * 800 ms after typing stops; blank text clears the location filter.
 */
export function useLandingFilters() {
  const [params, setParams] = useSearchParams();
  const place = params.get(PLACE_PARAM)?.trim() ?? '';
  const date = params.get(DATE_PARAM) ?? '';
  const [text, setText] = useState(place);

  // The address changed from outside (back button, 'Filter aufheben'): show what it says.
  const [seenPlace, setSeenPlace] = useState(place);
  if (seenPlace !== place) {
    setSeenPlace(place);
    setText(place);
  }

  const update = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const commitPlace = useCallback((value: string) => update(PLACE_PARAM, value.trim()), [update]);

  useEffect(() => {
    if (text.trim() === place) return undefined;
    const timer = setTimeout(() => commitPlace(text), LIMITS.geocodeDebounceMs);
    return () => clearTimeout(timer);
  }, [text, place, commitPlace]);

  return {
    text,
    setText,
    place,
    date,
    setDate: (value: string) => update(DATE_PARAM, value),
    /** The search button: commits the text at once. */
    search: () => commitPlace(text),
    /** A suggestion was taken: its name is the text and the place, at once. */
    choosePlace: (name: string) => {
      setText(name);
      commitPlace(name);
    },
    clear: () => {
      setText('');
      setParams(new URLSearchParams(), { replace: true });
    },
    active: place !== '' || date !== '',
  };
}
