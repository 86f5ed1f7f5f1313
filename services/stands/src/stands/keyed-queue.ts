import { currentContext, fail } from '@flohmarkt/server-kit';

/**
 * Runs work one after the other per key inside this process (the registrations of one event), so
 * a burst of registrations waits here rather than each holding one of the pool's few database
 * connections while it waits for the event's capacity lock. Correctness across processes still
 * comes from that lock (capacity.ts); this only keeps the pool free for everything else.
 *
 * Work of a request still waiting for its turn when the request's deadline passes (a stalled
 * database ahead of it) is given up: the caller gets a 503 and the work never runs, so a 503 from
 * here never comes with a registration applied later. Work that has started is waited for.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const deadlineAt = currentContext()?.deadlineAt;
    let started = false;
    let givenUp = false;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => {
      if (givenUp) throw fail.unavailable();
      started = true;
      return work();
    });
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    if (deadlineAt === undefined) return result;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          if (started) return;
          givenUp = true;
          reject(fail.unavailable());
        },
        Math.max(0, deadlineAt - Date.now()),
      );
      result.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }
}
