import { EventSubscriber, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import { currentContext } from '../request-context.js';

/** What TypeORM's query runner knows of its transaction at runtime (the fields are not in its public type). */
interface TransactionState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

const stateOf = (queryRunner: QueryRunner) => queryRunner as unknown as TransactionState;

/** Whether the transaction wrote anything: PostgreSQL assigns a transaction id only at its first write (or row lock). */
async function wroteAnything(queryRunner: QueryRunner): Promise<boolean> {
  try {
    const [row] = (await queryRunner.query('SELECT txid_current_if_assigned() IS NOT NULL AS wrote')) as { wrote: boolean }[];
    return row?.wrote !== false;
  } catch {
    // No answer: the COMMIT that follows will tell; until then assume it wrote.
    return true;
  }
}

/**
 * Tells an idempotent request (its context's `committed`, armed with 'none' by the interceptor) that
 * one of its transactions that wrote something reached COMMIT, so the interceptor never lets a retry
 * run a write that may already be in the database (docs/adr/0016-idempotent-writes.md). Every
 * TypeORM transaction passes here, the outbox's and a plain `dataSource.transaction` alike; a
 * savepoint's release inside one is not a commit, a transaction that only read is not a write.
 * - before COMMIT is sent: 'in-doubt' (its reply may be lost: the write may or may not be in);
 * - after its reply: 'confirmed';
 * - a ROLLBACK that succeeds after an in-doubt COMMIT proves the server refused it: back to 'none'.
 * Outside an idempotent request (a job, a request without a key) it does nothing.
 */
@EventSubscriber()
export class CommitTracker implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const ctx = currentContext();
    if (ctx?.committed !== 'none' || stateOf(event.queryRunner).transactionDepth > 1) return;
    if (await wroteAnything(event.queryRunner)) ctx.committed = 'in-doubt';
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const ctx = currentContext();
    if (ctx?.committed === 'in-doubt' && !stateOf(event.queryRunner).isTransactionActive) ctx.committed = 'confirmed';
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const ctx = currentContext();
    if (ctx?.committed === 'in-doubt' && !stateOf(event.queryRunner).isTransactionActive) ctx.committed = 'none';
  }
}
