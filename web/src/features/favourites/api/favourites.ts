import { ADD_FAVOURITE, LIST_FAVOURITES, REMOVE_FAVOURITE } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { callApi, callQueryKey, callQueryOptions } from '@/lib/api-call';
import { handOverToAccount } from '../lib/account-list';
import { withReminder, type AccountFavourites } from '../lib/reminders';
import { setFavourite, useFavouriteList, useViewer, type FavouriteKind, type Favourites } from '../lib/favourite-store';

export type { FavouriteKind, Favourites };
/** Where the browser keeps them (tests and the offline page read the same key). */
export { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';
/** Sign-out and a change of user drop the kept lists (features/auth/api/browser-data.ts). */
export { forgetFavourites } from '../lib/favourite-store';

/** The account's favourites in the query cache, per signed-in user; the star and the reminder switch share it. */
export function favouritesQueryKey(userId: string | null): readonly unknown[] {
  return [...callQueryKey(LIST_FAVOURITES), { userId: userId ?? '' }];
}

/**
 * The writes of one entry go to the server one after the other, in the order they were made: a heart
 * taken back while its event's reminder is switched on (issue 34) must not be kept again by that PUT.
 */
export function favouriteWritesScope(kind: FavouriteKind, id: string): string {
  return `favourite:${kind}:${id}`;
}

const putFavourite = (kind: FavouriteKind, id: string) => callApi(ADD_FAVOURITE, { params: { kind, id } });
const deleteFavourite = (kind: FavouriteKind, id: string) => callApi(REMOVE_FAVOURITE, { params: { kind, id } });

// One hand-over per signed-in user and page load: every heart on a page calls the hook below.
const handedOverFor = new Set<string>();

/** Sends each id to the account; a stand deleted meanwhile answers 4xx and simply vanishes from lists. */
export function putFavourites(list: Favourites): void {
  for (const kind of ['stands', 'events'] as const) for (const id of list[kind]) void putFavourite(kind, id).catch(() => undefined);
}

/**
 * After sign-in the browser's list becomes the account's (lib/account-list.ts): the account's favourites
 * come into the browser, another user's list is dropped, and a visitor's list waits for the user's
 * answer (MerklisteClaimPrompt). `enabled` false skips the account's read where nothing is to be done.
 */
export function useFavouritesSync(enabled = true): void {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    ...callQueryOptions(LIST_FAVOURITES),
    queryKey: favouritesQueryKey(userId),
    enabled: enabled && userId !== null,
  });
  const server = query.data;
  useEffect(() => {
    if (!userId || !server || handedOverFor.has(userId)) return;
    handedOverFor.add(userId);
    putFavourites(handOverToAccount(userId, { stands: server.stands ?? [], events: server.events ?? [] }));
  }, [userId, server]);
}

/** A heart's state and its toggle: kept in the browser at once, and for a signed-in visitor also on the server. */
export function useFavourite(kind: FavouriteKind, id: string) {
  useFavouritesSync();
  const viewer = useViewer();
  const list = useFavouriteList();
  const queryClient = useQueryClient();
  const on = list[kind].includes(id);
  const remote = useMutation({
    scope: { id: favouriteWritesScope(kind, id) },
    mutationFn: (next: boolean) => (next ? putFavourite(kind, id) : deleteFavourite(kind, id)),
  });
  const toggle = () => {
    const next = !on;
    setFavourite(kind, id, next, viewer);
    if (!viewer.userId) return;
    // The server drops an event's reminder with the event (issue 34): a star set again starts without one.
    if (kind === 'events' && !next) {
      queryClient.setQueryData<AccountFavourites>(favouritesQueryKey(viewer.userId), (data) => withReminder(data, id, false));
    }
    remote.mutate(next);
  };
  return { on, toggle };
}

/** The ids kept in this browser (after sign-in: merged with the account's). */
export function useFavouriteIds(kind: FavouriteKind): string[] {
  useFavouritesSync();
  return useFavouriteList()[kind];
}
