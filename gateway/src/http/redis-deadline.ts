import type { createClient } from 'redis';

/** The client as node-redis builds it, before any command has a deadline. */
export type RawRedis = ReturnType<typeof createClient>;

const DEADLINE = Symbol('redis-deadline');

/**
 * The gateway's Redis client: every command it runs has a deadline (`boundRedis`). The brand lets
 * the compiler refuse a raw client anywhere in the request path, so no new caller can forget one.
 */
export type GatewayRedis = RawRedis & { readonly [DEADLINE]: number };

/**
 * Redis gave no answer in time. `late` is the command's own outcome: a caller whose command changes
 * something (a write budget's unit) can undo it once Redis answers after all.
 */
export class RedisDeadlineError extends Error {
  override readonly name = 'RedisDeadlineError';

  constructor(
    message: string,
    readonly late: Promise<unknown>,
  ) {
    super(message);
  }

  /** What the log says about it (http/unavailable.ts): the command was sent, so it may apply later. */
  get details(): { code: string; peer: string; attempt: number; mayHaveReached: boolean } {
    return { code: 'REDIS_DEADLINE', peer: 'redis', attempt: 1, mayHaveReached: true };
  }
}

/** Rejects with a RedisDeadlineError when `pending` has not settled within `ms`; `pending` itself runs on. */
function withinDeadline<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisDeadlineError(`Redis gave no answer within ${ms} ms`, pending)), ms);
  });
  return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Every command of `client`, and every `exec` of its transactions, rejects with a RedisDeadlineError
 * when Redis has not answered within `ms`. When Redis answers again, so do the commands: nothing to
 * reset, no restart.
 *
 * Why a deadline of our own: node-redis's per-command `timeout` covers only the wait to be written,
 * and a stalled Redis (SIGSTOP, an overloaded host, a network that drops without a reset) keeps the
 * TCP connection open, so a sent command would wait for as long as the stall lasts; its
 * `socketTimeout` counts our own writes as activity and never fires while requests keep coming. A
 * refused connection needs nothing of this: without an offline queue node-redis fails those at once.
 * What piles up in the client during a stall is bounded by its `commandsQueueMaxLength`
 * (session.ts); beyond it commands fail at once.
 */
export function boundRedis(client: RawRedis, ms: number): GatewayRedis {
  return bound(client, ms) as GatewayRedis;
}

/** Methods of the client that send nothing to Redis: they run as they are. */
const LOCAL = new Set([
  'connect',
  'close',
  'destroy',
  'quit',
  'disconnect',
  'duplicate',
  'ref',
  'unref',
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'listeners',
  'listenerCount',
  'withCommandOptions',
  'withTypeMapping',
  'withAbortSignal',
  'asap',
]);
const BUILDERS = new Set(['multi', 'MULTI']);

/**
 * A view of `target` (the client, or a transaction being built) whose commands go through the
 * deadline: a command answering a promise is raced against it. Methods that send nothing
 * (connecting, listeners, queueing into a transaction) run as they are; `multi` answers a bound
 * view of the transaction (whose `exec` then goes through the deadline), and chaining (`on`, a
 * queued command) answers the view.
 */
function bound<T extends object>(target: T, ms: number): T {
  const view: T = new Proxy(target, {
    get(object, property) {
      if (property === DEADLINE) return ms;
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const sendsNothing = LOCAL.has(property) || BUILDERS.has(property) || /ScanIterator$/i.test(property) || isQueuedInTransaction(object, property);
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
        if (result === object) return view;
        if (sendsNothing) return BUILDERS.has(property) && result !== null && typeof result === 'object' ? bound(result, ms) : result;
        return result instanceof Promise ? withinDeadline(result, ms) : result;
      };
    },
  });
  return view;
}

/** In a transaction being built, every command only queues; `exec` (and `execAsPipeline`) sends. */
function isQueuedInTransaction(object: object, property: string): boolean {
  return typeof (object as { exec?: unknown }).exec === 'function' && !/^exec/i.test(property);
}
