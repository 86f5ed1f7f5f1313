import type { TCheckIn, TCheckInState } from '@flohmarkt/contracts';
import { isApiError } from '@/lib/api-client';

/*
 * The check-in ticks of one market day on this phone (issue 36). A tick is kept in localStorage
 * before anything is sent, so a tick made without reception survives a reload and goes out when the
 * network returns. Each tick carries the moment it was made (`at`): the server keeps the latest per
 * stand, so two helpers' phones converge whatever order their queues arrive in. The queue holds one
 * tick per stand, the newest; older ticks of the same stand would lose on the server anyway.
 */

/** One tick not yet answered by the server. */
export interface PendingCheckIn {
  standId: string;
  state: TCheckInState;
  /** When the tick was made on this phone (ISO): sent as it is, however late. */
  at: string;
}

/** One key per market, versioned so a later shape starts clean instead of misreading this one. */
export const checkInQueueKey = (eventId: string) => `flohmarkt.check-in-queue.v1.${eventId}`;

const NOTHING: readonly PendingCheckIn[] = [];
const listeners = new Set<() => void>();
/** The last read per market, so the same stored text gives the same array (useSyncExternalStore). */
const lastRead = new Map<string, { raw: string | null; value: readonly PendingCheckIn[] }>();
/** Without storage (a private mode that refuses it) the queue lasts as long as the page. */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(eventId: string): string | null {
  const key = checkInQueueKey(eventId);
  const store = storage();
  if (!store) return memory.get(key) ?? null;
  try {
    // The page's memory holds only what storage refused to take (full): then it is the newer value.
    return memory.get(key) ?? store.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeRaw(eventId: string, entries: readonly PendingCheckIn[]): void {
  const key = checkInQueueKey(eventId);
  const raw = JSON.stringify(entries);
  const store = storage();
  try {
    if (!store) throw new Error('no storage');
    if (entries.length === 0) store.removeItem(key);
    else store.setItem(key, raw);
    memory.delete(key);
  } catch {
    // A full or refused storage: the page's memory holds the tick until it is sent.
    memory.set(key, raw);
  }
  listeners.forEach((listener) => listener());
}

function isPending(value: unknown): value is PendingCheckIn {
  const entry = value as Partial<PendingCheckIn> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.standId === 'string' &&
    (entry.state === 'present' || entry.state === 'absent' || entry.state === 'unknown') &&
    typeof entry.at === 'string' &&
    !Number.isNaN(Date.parse(entry.at))
  );
}

/** The market's waiting ticks, oldest first; a broken stored value reads as none. */
export function readCheckInQueue(eventId: string): readonly PendingCheckIn[] {
  const raw = readRaw(eventId);
  const last = lastRead.get(eventId);
  if (last && last.raw === raw) return last.value;
  let value = NOTHING;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) value = parsed.filter(isPending);
  } catch {
    value = NOTHING;
  }
  lastRead.set(eventId, { raw, value });
  return value;
}

const later = (a: string, b: string) => Date.parse(a) > Date.parse(b);

/** Keeps a tick; it replaces the stand's waiting one unless that one was made later. */
export function queueCheckIn(eventId: string, entry: PendingCheckIn): void {
  const queue = readCheckInQueue(eventId);
  const kept = queue.find((e) => e.standId === entry.standId);
  if (kept && later(kept.at, entry.at)) return;
  writeRaw(eventId, [...queue.filter((e) => e.standId !== entry.standId), entry]);
}

/** Removes a tick once answered, unless a newer tick of its stand took its place meanwhile. */
function settle(eventId: string, entry: PendingCheckIn): void {
  const queue = readCheckInQueue(eventId);
  const next = queue.filter((e) => !(e.standId === entry.standId && e.at === entry.at && e.state === entry.state));
  if (next.length !== queue.length) writeRaw(eventId, next);
}

/** Listens to every market's queue, and to another tab of this browser changing one. */
export function subscribeCheckInQueue(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('flohmarkt.check-in-queue.')) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/**
 * Whether a failed send may succeed later, so the tick stays: no answer at all, the server or a
 * service down (5xx, 503), a timeout, a rate limit, or the session to renew (401). Any other
 * refusal (409 not approved, 403 outside the day, 400, 404) is final: sending it again changes nothing.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429;
}

export interface SyncHooks {
  /** The server's answer: the stand's check-in as it now is (the winner, maybe another phone's later tick). */
  onSaved: (winner: TCheckIn) => void;
  /** A final refusal: the tick was dropped; the server's German sentence. */
  onRefused: (entry: PendingCheckIn, message: string) => void;
  /** A failure that keeps the tick (reported once per run, e.g. 401 for the sign-in). */
  onKept?: (error: unknown) => void;
}

/** What a run left: nothing waiting, or ticks kept for the next try (no network, server down). */
export type SyncResult = 'synced' | 'waiting';

/** Sends each tick waiting at the start of the run once, in the order made; false: stopped at a failure that keeps ticks. */
async function runOnce(eventId: string, send: (entry: PendingCheckIn) => Promise<TCheckIn>, hooks: SyncHooks): Promise<boolean> {
  for (const entry of readCheckInQueue(eventId)) {
    try {
      const winner = await send(entry);
      settle(eventId, entry);
      hooks.onSaved(winner);
    } catch (error) {
      if (isWorthRetrying(error)) {
        // The next tick would meet the same dead network or server: stop and wait for the next try.
        hooks.onKept?.(error);
        return false;
      }
      settle(eventId, entry);
      hooks.onRefused(entry, error instanceof Error ? error.message : String(error));
    }
  }
  return true;
}

const runs = new Map<string, { promise: Promise<SyncResult>; again: boolean }>();

/**
 * Sends the market's waiting ticks, each with its own `at`; a tick leaves the queue only after the
 * server answered it (2xx), or refused it for good (another 4xx). One run per market at a time: a
 * call during a run makes it go round once more (a tick made meanwhile goes out at once, not with the
 * next timer), unless the run stopped at a dead network, which the next timer or `online` tries again.
 */
export function syncCheckInQueue(eventId: string, send: (entry: PendingCheckIn) => Promise<TCheckIn>, hooks: SyncHooks): Promise<SyncResult> {
  const current = runs.get(eventId);
  if (current) {
    current.again = true;
    return current.promise;
  }
  const run = { promise: Promise.resolve<SyncResult>('synced'), again: true };
  run.promise = (async () => {
    try {
      let reached = true;
      while (run.again && reached) {
        run.again = false;
        reached = await runOnce(eventId, send, hooks);
      }
      return readCheckInQueue(eventId).length === 0 ? 'synced' : 'waiting';
    } finally {
      if (runs.get(eventId) === run) runs.delete(eventId);
    }
  })();
  runs.set(eventId, run);
  return run.promise;
}
