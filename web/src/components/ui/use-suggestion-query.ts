import { LIMITS, type TGeocodeResult } from '@flohmarkt/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDebouncedValue } from '@/components/location/use-debounced-value';

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
