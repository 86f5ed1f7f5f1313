import {
  GET_STAND,
  GET_STAND_OVERVIEW,
  LIST_DRAFT_STANDS,
  LIST_EVENT_STANDS,
  LIST_EXHIBITOR_REVIEWS,
  LIST_EXHIBITOR_STANDS,
  LIST_MY_STANDS,
  LIST_STAND_REVIEWS,
  LIST_USER_STANDS,
} from '@flohmarkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callQueryKey } from '@/lib/api-call';

/** Every read of stands and their reviews: after a change to many at once (a deleted user's), all of them are read again. */
const STAND_READ_CALLS = [
  GET_STAND,
  LIST_EVENT_STANDS,
  LIST_DRAFT_STANDS,
  GET_STAND_OVERVIEW,
  LIST_EXHIBITOR_STANDS,
  LIST_MY_STANDS,
  LIST_USER_STANDS,
  LIST_STAND_REVIEWS,
  LIST_EXHIBITOR_REVIEWS,
];

export async function invalidateEveryStandRead(queryClient: QueryClient): Promise<void> {
  await Promise.all(STAND_READ_CALLS.map((call) => queryClient.invalidateQueries({ queryKey: callQueryKey(call) })));
}
