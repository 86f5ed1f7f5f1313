import { useSyncExternalStore } from 'react';

/** What a visitor keeps: stand ids and event ids. */
export type FavouriteKind = 'stands' | 'events';
export type Favourites = { stands: string[]; events: string[] };

/** One key for both lists; the version lets a later shape start clean instead of misreading this one. */
export const FAVOURITES_STORAGE_KEY = 'flohmarkt.favourites.v1';

const EMPTY: Favourites = { stands: [], events: [] };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Favourites } | null = null;

function ids(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string' && id !== ''))] : [];
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

/** The kept favourites; a broken or foreign value in storage reads as none. */
export function getFavourites(): Favourites {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.value;
  let value = EMPTY;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<Favourites>) : null;
    if (parsed && typeof parsed === 'object') value = { stands: ids(parsed.stands), events: ids(parsed.events) };
  } catch {
    value = EMPTY;
  }
  cached = { raw, value };
  return value;
}

function write(next: Favourites): void {
  const raw = JSON.stringify(next);
  memory = raw;
  try {
    storage()?.setItem(FAVOURITES_STORAGE_KEY, raw);
  } catch {
    // Storage full or refused: the page keeps the list in memory.
  }
  listeners.forEach((listener) => listener());
}

export function isFavourite(kind: FavouriteKind, id: string): boolean {
  return getFavourites()[kind].includes(id);
}

export function setFavourite(kind: FavouriteKind, id: string, on: boolean): void {
  const current = getFavourites();
  const list = current[kind].filter((entry) => entry !== id);
  write({ ...current, [kind]: on ? [...list, id] : list });
}

/** The union of what this browser keeps and what the account has (sign-in merge); nothing is dropped. */
export function mergeFavourites(other: Favourites): Favourites {
  const current = getFavourites();
  const next = { stands: ids([...current.stands, ...other.stands]), events: ids([...current.events, ...other.events]) };
  write(next);
  return next;
}

export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_STORAGE_KEY) listener();
  };
  // Another tab's heart shows here too.
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavouriteList(): Favourites {
  return useSyncExternalStore(subscribeFavourites, getFavourites, () => EMPTY);
}
