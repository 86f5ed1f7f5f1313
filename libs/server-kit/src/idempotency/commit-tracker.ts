import { EventSubscriber, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import { currentContext } from '../request-context.js';

/** What TypeORM's query runner knows of its transaction at runtime (the fields are not in its public type). */
interface TransactionState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

const stateOf = (queryRunner: QueryRunner) => queryRunner as unknown as TransactionState;

/**
 * Tells the request (its context's `committed`) that one of its transactions reached COMMIT, so the
 * idempotency interceptor never lets a retry run a write that may already be in the database
 * (docs/adr/0016-idempotent-writes.md). Every TypeORM transaction passes here, the outbox's and a
 * plain `dataSource.transaction` alike; a savepoint's release inside one is not a commit.
 * - before COMMIT is sent: 'in-doubt' (its reply may be lost: the write may or may not be in);
 * - after its reply: 'confirmed';
 * - a ROLLBACK that succeeds after an in-doubt COMMIT proves the server refused it: back to none.
 * Outside a request (a job) there is no context and it does nothing.
 */
@EventSubscriber()
export class CommitTracker implements EntitySubscriberInterface {
  beforeTransactionCommit(event: TransactionCommitEvent): void {
    const ctx = currentContext();
    if (ctx && ctx.committed !== 'confirmed' && stateOf(event.queryRunner).transactionDepth <= 1) ctx.committed = 'in-doubt';
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const ctx = currentContext();
    if (ctx && !stateOf(event.queryRunner).isTransactionActive) ctx.committed = 'confirmed';
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const ctx = currentContext();
    if (ctx?.committed === 'in-doubt' && !stateOf(event.queryRunner).isTransactionActive) ctx.committed = undefined;
  }
}
