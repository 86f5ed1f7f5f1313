import { RedisDeadlineError, type GatewayRedis } from './redis-deadline.js';

/** How long reads skip a Redis that just missed its deadline. */
const STALL_PAUSE_MS = 1000;

/** A service's 200 answer as the gateway passes it on: the passed headers and the whole body. */
export interface CachedAnswer {
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed per encoding, made once on first demand (content-encoding.ts). */
  packed: Map<string, Buffer>;
}

/** A read on its way to the service, as its leader ends it. */
export interface Flight {
  /** It brought this answer to keep, or none (null): each waiter then asks for itself. */
  land(answer: CachedAnswer | null): void;
  /** It failed (the service unreachable or too slow): each waiter answers 503. */
  fail(err: unknown): void;
}

type FlightOutcome = CachedAnswer | null | { failed: FlightUnavailableError };

/** A waiter of a single flight gives up: the read it waited for failed, or took longer than the waiter may wait. */
export class FlightUnavailableError extends Error {
  override readonly name = 'FlightUnavailableError';

  constructor(
    readonly code: 'SINGLE_FLIGHT_FAILED' | 'SINGLE_FLIGHT_DEADLINE',
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }

  /** What the log says (http/unavailable.ts): the waiter itself sent nothing; the peer is the failed read's. */
  get details(): { code: string; peer: string; attempt: number; mayHaveReached: boolean; message: string } {
    const leader = (this.cause as { details?: { peer?: unknown }; service?: unknown } | undefined) ?? {};
    const peer = typeof leader.details?.peer === 'string' ? leader.details.peer : typeof leader.service === 'string' ? leader.service : 'single flight';
    return { code: this.code, peer, attempt: 1, mayHaveReached: false, message: this.message };
  }
}

interface Entry {
  answer: CachedAnswer;
  generation: string;
  expiresAt: number;
}

export interface PublicReadCacheOptions {
  /** Redis key of the shared generation (the gateway's key prefix + a name of its own). */
  key: string;
  /**
   * How long an answer is kept at most. Writes through the product invalidate at once; this bounds
   * only what no write through the gateway announces: a read model updated from another context's
   * outbox (an event's approved-stand count lags by the relay anyway, now by up to this much more).
   */
  ttlMs?: number;
  maxBytes?: number;
  /** A body larger than this goes unkept (the landing map's 500 events are some 300 KB). */
  maxBodyBytes?: number;
}

// Cached: the calls declared `cache: 'shared'` (libs/contracts/src/public-api/), the public reads every
// caller without a user sees alike: event detail, the event list and the map's viewport. Nothing that
// depends on the caller, on another context's pages, or on a link's token.

/**
 * Anonymous public reads answered from the gateway's memory, never stale after a write through the
 * product (docs/adr/0009-per-core-efficiency.md):
 * - every write the gateway forwards (any service, any outcome) bumps a generation shared by all
 *   gateway replicas in Redis before its answer leaves, and clears this replica's entries;
 * - every cached read first reads that generation (one Redis GET, far cheaper than the hop to the
 *   service and its query, shared by the reads that arrive together: sharedGeneration) and takes only an entry stored under the same generation: an answer
 *   fetched while a write was under way was stored under the generation before it, so it is never
 *   taken after that write's answer;
 * - without Redis (down, or past its deadline: redis-deadline.ts) nothing is cached: reads go to the service.
 * A request with `Cache-Control: no-cache` (a browser's reload) goes to the service too.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads on their way to the service, by generation and target: the same read waits for them. */
  private readonly flights = new Map<string, Promise<FlightOutcome>>();
  private bytes = 0;
  /** This replica's own writes: counted even when Redis could not be told. */
  private localWrites = 0;
  /** Until then Redis counts as stalled and is not asked (generation). */
  private askRedisFrom = 0;
  /** The generation's GET that reads asking now share, until it is sent (sharedGeneration). */
  private unsent: Promise<string | null> | null = null;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxBodyBytes: number;

  constructor(
    private readonly redis: Pick<GatewayRedis, 'get' | 'incr'>,
    private readonly options: PublicReadCacheOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  }

  /**
   * Whether this call's answer may come from the cache. A HEAD is answered from a kept GET (its headers,
   * no body) but never goes to the cache itself: see `stores`.
   */
  static applies(route: { cache?: 'shared' }, signedIn: boolean, cacheControl: string | undefined): boolean {
    return !signedIn && route.cache === 'shared' && !/no-cache|no-store/i.test(cacheControl ?? '');
  }

  /** Whether a request's own answer may be kept: only a GET's (a HEAD's answer has no body to keep). */
  static stores(requestMethod: string): boolean {
    return requestMethod === 'GET';
  }

  /**
   * The generation now, or null when Redis cannot say (then the read bypasses the cache). After Redis
   * missed its deadline, reads go straight to the service for STALL_PAUSE_MS without asking it: a
   * frozen Redis costs one read in that time the wait, not every anonymous read.
   */
  async generation(now = Date.now()): Promise<string | null> {
    if (now < this.askRedisFrom) return null;
    try {
      const shared = await this.sharedGeneration();
      return `${shared ?? '0'}:${this.localWrites}`;
    } catch (err) {
      if (err instanceof RedisDeadlineError) this.askRedisFrom = Date.now() + STALL_PAUSE_MS;
      return null;
    }
  }

  /**
   * One Redis GET for every read that asks before it is sent (ADR 0009): the GET goes out on the next
   * turn of the event loop, after all of them arrived, so it sees every write whose answer any of
   * them could have seen (Redis answers in order) — the same guarantee as a GET of their own. A read
   * that asks once it is sent waits for the next one, never for an answer read before it came.
   */
  private sharedGeneration(): Promise<string | null> {
    if (this.unsent) return this.unsent;
    const batch = new Promise<string | null>((resolve, reject) =>
      setImmediate(() => {
        if (this.unsent === batch) this.unsent = null;
        try {
          this.redis.get(this.options.key).then(resolve, reject);
        } catch (err) {
          reject(err);
        }
      }),
    );
    this.unsent = batch;
    return batch;
  }

  lookup(target: string, generation: string, now = Date.now()): CachedAnswer | null {
    const entry = this.entries.get(target);
    if (!entry) return null;
    this.drop(target, entry);
    if (entry.generation !== generation || now >= entry.expiresAt || !isWhole(entry.answer.headers, entry.answer.body)) return null;
    // Taken again: to the end of the map's order, which is the order of eviction.
    this.entries.set(target, entry);
    this.bytes += entry.answer.body.length;
    return entry.answer;
  }

  /**
   * Keeps a GET's 200 answer fetched under `generation` (read before the call). Too large ones are not
   * kept, nor one whose body is not the length its Content-Length announced: a HEAD's empty answer or a
   * cut one, kept, would be served to every later reader with the real ETag, and browsers would hold on
   * to the empty copy after revalidating.
   */
  store(target: string, generation: string, headers: Record<string, string>, body: Buffer, now = Date.now()): CachedAnswer {
    const answer: CachedAnswer = { headers, body, packed: new Map() };
    if (body.length > this.maxBodyBytes || !isWhole(headers, body)) return answer;
    const old = this.entries.get(target);
    if (old) this.drop(target, old);
    // Lifetimes spread over the last quarter: entries stored in one burst do not all expire at once.
    this.entries.set(target, { answer, generation, expiresAt: now + this.ttlMs * (0.75 + Math.random() / 4) });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
    return answer;
  }

  /**
   * The same read already on its way to the service under this generation (a write since would have
   * moved the generation), or null. Its answer, or null when it brought none to keep (a 404, a body
   * too large: then each caller asks for itself and gets its own answer). A waiter never waits
   * longer than `waitMs` (its own deadline, however long the read it waits for may take), nor asks
   * again for a read that just failed: both are a FlightUnavailableError, a 503 for its caller.
   */
  flight(target: string, generation: string, waitMs: number): Promise<CachedAnswer | null> | null {
    const flight = this.flights.get(`${generation} ${target}`);
    if (!flight) return null;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<FlightOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ failed: new FlightUnavailableError('SINGLE_FLIGHT_DEADLINE', `the read waited for took over ${waitMs} ms`) }), waitMs);
    });
    return Promise.race([flight, deadline])
      .finally(() => clearTimeout(timer))
      .then((outcome) => {
        if (outcome && 'failed' in outcome) throw outcome.failed;
        return outcome;
      });
  }

  /**
   * This read goes to the service: others wait for it until it lands (with what it kept, or null) or
   * fails (then they answer 503 at once, rather than ask a service that just failed them again).
   */
  takeOff(target: string, generation: string): Flight {
    const key = `${generation} ${target}`;
    let settle: (outcome: FlightOutcome) => void = () => undefined;
    const flight = new Promise<FlightOutcome>((resolve) => (settle = resolve));
    this.flights.set(key, flight);
    const end = (outcome: FlightOutcome) => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
      settle(outcome);
    };
    return {
      land: (answer) => end(answer),
      fail: (err) =>
        end({ failed: new FlightUnavailableError('SINGLE_FLIGHT_FAILED', `the read waited for failed: ${(err as Error)?.message ?? String(err)}`, err) }),
    };
  }

  /**
   * A write went through this gateway: every replica's entries stop counting before its answer
   * leaves. Never throws; with Redis down the other replicas serve nothing from their caches
   * anyway (their generation() fails), and entries older than ttlMs are never taken.
   */
  async invalidate(): Promise<void> {
    this.localWrites++;
    this.entries.clear();
    this.bytes = 0;
    try {
      await this.redis.incr(this.options.key);
    } catch {
      // Said above: the TTL bounds what another replica could still hold.
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(target: string, entry: Entry): void {
    this.entries.delete(target);
    this.bytes -= entry.answer.body.length;
  }
}

/** Whether the body is as long as the answer's Content-Length said (no such header: nothing to doubt). */
function isWhole(headers: Record<string, string>, body: Buffer): boolean {
  const announced = headers['content-length'];
  return announced === undefined || Number(announced) === body.length;
}

/**
 * Whether the browser's copy (If-None-Match) is the answer's current version. Weak comparison
 * (RFC 9110 13.1.2): `W/"x"` and `"x"` match, as for any GET.
 */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
