import { ACTIVITY_CATEGORIES, FOOD_CATEGORIES, STAND_CATEGORIES } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StandFilter } from './stand-filter';

type ListKey = 'categories' | 'foodCategories' | 'activityCategories';

/** Each list's key in the address and the values it may hold (anything else in a link is ignored). */
const LIST_PARAMS: Array<{ key: ListKey; param: string; known: readonly string[] }> = [
  { key: 'categories', param: 'kategorie', known: STAND_CATEGORIES },
  { key: 'foodCategories', param: 'essen', known: FOOD_CATEGORIES },
  { key: 'activityCategories', param: 'aktion', known: ACTIVITY_CATEGORIES },
];
const PAYPAL_PARAM = 'paypal';
const TEXT_PARAM = 'suche';
/** Typing reaches the address once it pauses (one update, not one per key); chips and PayPal at once. */
const TEXT_COMMIT_MS = 400;

function filterOf(params: URLSearchParams): StandFilter {
  const list = ({ param, known }: { param: string; known: readonly string[] }) => [...new Set(params.getAll(param))].filter((value) => known.includes(value));
  const [categories, foodCategories, activityCategories] = LIST_PARAMS.map(list);
  return { categories, foodCategories, activityCategories, payPalOnly: params.get(PAYPAL_PARAM) === '1', text: params.get(TEXT_PARAM) ?? '' };
}

/** The filter's part of the address, in one order (so one filter has one address); `base` keeps the rest. */
function withFilter(base: URLSearchParams, filter: StandFilter): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const param of [...LIST_PARAMS.map((l) => l.param), PAYPAL_PARAM, TEXT_PARAM]) next.delete(param);
  for (const { key, param } of LIST_PARAMS) for (const value of filter[key]) next.append(param, value);
  if (filter.payPalOnly) next.set(PAYPAL_PARAM, '1');
  if (filter.text.trim()) next.set(TEXT_PARAM, filter.text);
  return next;
}

const addressOf = (filter: StandFilter) => withFilter(new URLSearchParams(), filter).toString();

/**
 * The event page's stand filter, kept in the address (?kategorie=Bücher&paypal=1&suche=…) like the
 * landing's search: Back from a stand finds the list as it was left, and a filtered list can be
 * shared. The state answers at once (a checkbox never waits for the router); the address follows,
 * replaced rather than pushed, so Back leaves the page instead of undoing a chip.
 */
export function useStandFilter(): [StandFilter, (next: StandFilter) => void] {
  const [params, setParams] = useSearchParams();
  // Read from the address once: afterwards the state leads and the address follows. (A router that commits
  // the address a moment later must not take a click back; the page is keyed by its market, so another
  // market starts from its own address.)
  const [filter, setFilter] = useState(() => filterOf(params));
  const inAddress = addressOf(filterOf(params));
  const wanted = addressOf(filter);
  const onlyTyped = addressOf({ ...filter, text: '' }) === addressOf({ ...filterOf(params), text: '' });
  useEffect(() => {
    if (wanted === inAddress) return undefined;
    const timer = setTimeout(
      () => setParams((current) => withFilter(current, filter), { replace: true, preventScrollReset: true }),
      onlyTyped ? TEXT_COMMIT_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [wanted, inAddress, onlyTyped, filter, setParams]);

  return [filter, setFilter];
}
