/**
 * Where the online client keeps answers. Synchronous or not, so a service can plug in Redis and
 * share one cache between its replicas.
 */
export interface GeocodeCache<T = unknown> {
  get(key: string): T | undefined | Promise<T | undefined>;
  set(key: string, value: T, ttlMs: number): void | Promise<void>;
}

/** In-memory cache: least recently used entries leave first, every entry expires after its TTL. */
export class LruTtlCache<T = unknown> implements GeocodeCache<T> {
  // A Map iterates in insertion order: re-inserting on read keeps the oldest entry first.
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
