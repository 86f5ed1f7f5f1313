import { useSyncExternalStore } from 'react';
import { hasSessionHint, useCurrentUser } from '@/features/auth/api/get-current-user';

/** What a visitor keeps: stand ids and event ids. */
export type FavouriteKind = 'stands' | 'events';
export type Favourites = { stands: string[]; events: string[] };

/**
 * One key for both lists; the version lets a later shape start clean instead of misreading this one.
 * The value is `{ stands, events }`, plus `owner` (the user id) once the list is an account's, and
 * `unclaimed` (the list this browser held before that user signed in, until they add or discard it).
 * A value without `owner` is the list of a visitor who never signed in here.
 */
export const FAVOURITES_STORAGE_KEY = 'flohmarkt.favourites.v1';

/** What the browser keeps, read. */
export interface KeptFavourites {
  lists: Favourites;
  owner: string | null;
  unclaimed: Favourites | null;
}

export const NO_FAVOURITES: Favourites = { stands: [], events: [] };
const NOTHING_KEPT: KeptFavourites = { lists: NO_FAVOURITES, owner: null, unclaimed: null };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: KeptFavourites } | null = null;

function ids(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string' && id !== ''))] : [];
}

function favourites(value: unknown): Favourites {
  const parsed = value && typeof value === 'object' ? (value as Partial<Favourites>) : {};
  return { stands: ids(parsed.stands), events: ids(parsed.events) };
}

export function isEmpty(list: Favourites): boolean {
  return list.stands.length === 0 && list.events.length === 0;
}

/** The entries of `list` that `other` lacks. */
export function missingFrom(list: Favourites, other: Favourites): Favourites {
  return { stands: list.stands.filter((id) => !other.stands.includes(id)), events: list.events.filter((id) => !other.events.includes(id)) };
}

export function union(a: Favourites, b: Favourites): Favourites {
  return { stands: ids([...a.stands, ...b.stands]), events: ids([...a.events, ...b.events]) };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes may refuse storage altogether: the hearts then last only as long as the page.
    return null;
  }
}

let memory: string | null = null;

function readRaw(): string | null {
  const store = storage();
  if (!store) return memory;
  try {
    return store.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return memory;
  }
}

/** What the browser keeps; a broken or foreign value in storage reads as nothing. */
export function readKept(): KeptFavourites {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.value;
  let value = NOTHING_KEPT;
  try {
    const parsed = raw ? (JSON.parse(raw) as { owner?: unknown; unclaimed?: unknown }) : null;
    if (parsed && typeof parsed === 'object') {
      const unclaimed = parsed.unclaimed ? favourites(parsed.unclaimed) : null;
      value = {
        lists: favourites(parsed),
        owner: typeof parsed.owner === 'string' && parsed.owner !== '' ? parsed.owner : null,
        unclaimed: unclaimed && !isEmpty(unclaimed) ? unclaimed : null,
      };
    }
  } catch {
    value = NOTHING_KEPT;
  }
  cached = { raw, value };
  return value;
}

// Set when the page is leaving to sign out: an answer still on its way (the account's list) writes nothing back.
let stopped = false;

export function writeKept(next: KeptFavourites): void {
  if (stopped) return;
  const raw = JSON.stringify({
    ...next.lists,
    ...(next.owner ? { owner: next.owner } : {}),
    ...(next.unclaimed && !isEmpty(next.unclaimed) ? { unclaimed: next.unclaimed } : {}),
  });
  memory = raw;
  try {
    storage()?.setItem(FAVOURITES_STORAGE_KEY, raw);
  } catch {
    // Storage full or refused: the page keeps the list in memory.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Drops everything kept (sign-out, another user's data): the hearts show empty at once. `forGood`
 * (sign-out, the page is leaving): nothing is kept any more on this page.
 */
export function forgetFavourites(forGood = false): void {
  stopped ||= forGood;
  memory = null;
  try {
    storage()?.removeItem(FAVOURITES_STORAGE_KEY);
  } catch {
    // Refused storage holds nothing to forget.
  }
  listeners.forEach((listener) => listener());
}

/** Who is looking, as far as the page knows. */
export interface Viewer {
  userId: string | null;
  /** The question who is signed in has been answered (also: failed, e.g. offline). */
  settled: boolean;
  /** The gateway's sign-in hint is there: a session may exist (gone at sign-out and with a 401). */
  hint: boolean;
}

/**
 * The list the viewer may see: a visitor's own list while nobody is signed in, an account's only to
 * that account. An account's list also shows offline (the hint stays, the question who is signed in
 * failed), but never in a browser that has signed out, nor to another user, nor while still unknown.
 */
export function visibleTo(kept: KeptFavourites, viewer: Viewer): Favourites {
  if (kept.owner === null) return viewer.userId === null ? kept.lists : NO_FAVOURITES;
  if (viewer.userId !== null) return kept.owner === viewer.userId ? kept.lists : NO_FAVOURITES;
  return viewer.settled && viewer.hint ? kept.lists : NO_FAVOURITES;
}

/** A heart set or taken back: the list shown changes and belongs to whoever looks at it. */
export function setFavourite(kind: FavouriteKind, id: string, on: boolean, viewer: Viewer): void {
  const kept = readKept();
  const shown = visibleTo(kept, viewer);
  const list = shown[kind].filter((entry) => entry !== id);
  const lists = { ...shown, [kind]: on ? [...list, id] : list };
  const owner = viewer.userId ?? (shown === kept.lists ? kept.owner : null);
  // A visitor's list met by a signed-in user is set aside for the question whether to add it.
  const unclaimed = owner === kept.owner ? kept.unclaimed : kept.owner === null && owner !== null ? union(kept.unclaimed ?? NO_FAVOURITES, kept.lists) : null;
  writeKept({ lists, owner, unclaimed });
}

export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab's heart shows here too (a cleared storage reports no key).
    if (event.key === FAVOURITES_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Who is looking, from the session query and the sign-in hint. */
export function useViewer(): Viewer {
  const { user, isLoading } = useCurrentUser();
  return { userId: user?.id ?? null, settled: !isLoading, hint: hasSessionHint() };
}

export function useKeptFavourites(): KeptFavourites {
  return useSyncExternalStore(subscribeFavourites, readKept, () => NOTHING_KEPT);
}

/** The list the current viewer may see (see visibleTo). */
export function useFavouriteList(): Favourites {
  return visibleTo(useKeptFavourites(), useViewer());
}
