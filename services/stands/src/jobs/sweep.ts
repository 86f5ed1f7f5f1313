import type { DataSource, EntityManager } from 'typeorm';
import type { BackgroundJob } from '@flohmarkt/server-kit';

/**
 * A periodic sweep (jobs/stands-background-jobs.ts): every `everySeconds` it sends what is due at the
 * run's start, and hands on the run's signal so a sweep past its deadline or at shutdown stops early.
 */
export function sweepJob(name: string, everySeconds: number, sendDue: (now: Date, signal: AbortSignal) => Promise<unknown>): BackgroundJob {
  return { name, schedule: { everyMs: everySeconds * 1000 }, run: (_, { signal }) => sendDue(new Date(), signal) };
}

/**
 * A sweep's due items, each in a transaction of its own: one item's lock, mark and outbox row commit
 * or roll back alone, and a stop (`signal`) between two items leaves the rest to the next run.
 * Answers the sum of what the items counted (true counts 1).
 */
export async function eachInOwnTransaction<T>(
  dataSource: DataSource,
  items: Iterable<T>,
  signal: AbortSignal | undefined,
  send: (m: EntityManager, item: T) => Promise<number | boolean>,
): Promise<number> {
  let counted = 0;
  for (const item of items) {
    if (signal?.aborted) break;
    counted += Number(await dataSource.transaction((m) => send(m, item)));
  }
  return counted;
}
