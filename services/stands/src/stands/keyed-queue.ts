/**
 * Runs work one after the other per key inside this process (the registrations of one event), so
 * a burst of registrations waits here rather than each holding one of the pool's few database
 * connections while it waits for the event's capacity lock. Correctness across processes still
 * comes from that lock (capacity.ts); this only keeps the pool free for everything else.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
