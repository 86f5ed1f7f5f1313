import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { api } from '@/lib/api-client';
import { mergeFavourites, setFavourite, useFavouriteList, type FavouriteKind, type Favourites } from '../lib/favourite-store';

export type { FavouriteKind, Favourites };
/** Where the browser keeps them (tests and the offline page read the same key). */
export { FAVOURITES_STORAGE_KEY } from '../lib/favourite-store';

/** The account's favourites (GET /api/me/favourites); one owner of this key. */
export const myFavouritesQueryKey = (userId: string) => ['me', 'favourites', userId] as const;

export function getMyFavourites(signal?: AbortSignal): Promise<Favourites> {
  return api.get<Favourites>('/api/me/favourites', { signal });
}

/** The contract's favouritePath, written out: a value import from the contracts would bring zod into the landing page. */
function favouritePath(kind: FavouriteKind, id: string): string {
  return `/api/me/favourites/${kind}/${encodeURIComponent(id)}`;
}

export function putFavourite(kind: FavouriteKind, id: string): Promise<unknown> {
  return api.put(favouritePath(kind, id));
}

export function deleteFavourite(kind: FavouriteKind, id: string): Promise<unknown> {
  return api.delete(favouritePath(kind, id));
}

// One merge per signed-in user and page load: every heart on a page calls the hook below.
const mergedFor = new Set<string>();

/**
 * After sign-in, what this browser kept goes to the account (PUT each one the account lacks) and the
 * account's favourites come into the browser: the union, nothing dropped.
 */
export function useFavouritesSync(): void {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: myFavouritesQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getMyFavourites(signal),
    enabled: userId !== null,
  });
  const server = query.data;
  useEffect(() => {
    if (!userId || !server || mergedFor.has(userId)) return;
    mergedFor.add(userId);
    const known = { stands: new Set(server.stands ?? []), events: new Set(server.events ?? []) };
    const merged = mergeFavourites({ stands: server.stands ?? [], events: server.events ?? [] });
    for (const kind of ['stands', 'events'] as const) {
      // A stand deleted meanwhile answers 4xx here; the heart simply stays local and vanishes from lists.
      for (const id of merged[kind]) if (!known[kind].has(id)) void putFavourite(kind, id).catch(() => undefined);
    }
  }, [userId, server]);
}

/** A heart's state and its toggle: kept in the browser at once, and for a signed-in visitor also on the server. */
export function useFavourite(kind: FavouriteKind, id: string) {
  useFavouritesSync();
  const { user } = useCurrentUser();
  const list = useFavouriteList();
  const on = list[kind].includes(id);
  const remote = useMutation({
    mutationFn: (next: boolean) => (next ? putFavourite(kind, id) : deleteFavourite(kind, id)),
  });
  const toggle = () => {
    const next = !on;
    setFavourite(kind, id, next);
    if (user) remote.mutate(next);
  };
  return { on, toggle };
}

/** The ids kept in this browser (after sign-in: merged with the account's). */
export function useFavouriteIds(kind: FavouriteKind): string[] {
  useFavouritesSync();
  return useFavouriteList()[kind];
}
