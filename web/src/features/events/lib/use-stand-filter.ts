import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES } from '@flohmarkt/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StandFilter } from './stand-filter';

type ListKey = 'categories' | 'foodCategories' | 'activityCategories';

/** Each list's key in the address and the values it may hold (anything else in a link is ignored). */
const LIST_PARAMS: Record<ListKey, { param: string; known: readonly string[] }> = {
  categories: { param: 'kategorie', known: STAND_CATEGORIES },
  foodCategories: { param: 'essen', known: FOOD_CATEGORIES },
  activityCategories: { param: 'aktion', known: ACTIVITY_CATEGORIES },
};
const PAYPAL_PARAM = 'paypal';
const TEXT_PARAM = 'suche';
/** Typing is written to the address once it pauses: one history entry's update, not one per key. */
const TEXT_COMMIT_MS = 400;

function listOf(params: URLSearchParams, key: ListKey): string[] {
  const { param, known } = LIST_PARAMS[key];
  return [...new Set(params.getAll(param))].filter((value) => known.includes(value));
}

/**
 * The event page's stand filter, kept in the address (?kategorie=Bücher&paypal=1&suche=…) like the
 * landing's search: Back from a stand finds the list as it was left, and a filtered list can be
 * shared. The address is replaced, not pushed, so Back leaves the page rather than undoing a chip.
 */
export function useStandFilter(): [StandFilter, (next: StandFilter) => void] {
  const [params, setParams] = useSearchParams();
  const committedText = params.get(TEXT_PARAM) ?? '';
  const [text, setText] = useState(committedText);
  // The address changed from outside (Back, a link): show what it says.
  const [seenText, setSeenText] = useState(committedText);
  if (seenText !== committedText) {
    setSeenText(committedText);
    setText(committedText);
  }

  const write = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (text === committedText) return undefined;
    const timer = setTimeout(() => {
      const committed = text.trim() ? text : '';
      // Seen before it arrives: a key typed while the address updates is not overwritten by it.
      setSeenText(committed);
      write((next) => {
        if (committed) next.set(TEXT_PARAM, committed);
        else next.delete(TEXT_PARAM);
      });
    }, TEXT_COMMIT_MS);
    return () => clearTimeout(timer);
  }, [text, committedText, write]);

  const filter = useMemo<StandFilter>(
    () => ({
      categories: listOf(params, 'categories'),
      foodCategories: listOf(params, 'foodCategories'),
      activityCategories: listOf(params, 'activityCategories'),
      payPalOnly: params.get(PAYPAL_PARAM) === '1',
      text,
    }),
    [params, text],
  );

  const setFilter = useCallback(
    (next: StandFilter) => {
      setText(next.text);
      write((address) => {
        // Rewritten in one order (the lists, PayPal, the search), so one filter has one address.
        const search = address.get(TEXT_PARAM);
        for (const { param } of Object.values(LIST_PARAMS)) address.delete(param);
        address.delete(PAYPAL_PARAM);
        address.delete(TEXT_PARAM);
        for (const [key, { param }] of Object.entries(LIST_PARAMS) as Array<[ListKey, { param: string }]>) {
          for (const value of next[key]) address.append(param, value);
        }
        if (next.payPalOnly) address.set(PAYPAL_PARAM, '1');
        // A reset clears the search at once; typed text follows after its pause (above).
        if (search && next.text.trim()) address.set(TEXT_PARAM, search);
      });
    },
    [write],
  );

  return [filter, setFilter];
}
