import type { DataSource } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import { DomainError, fail } from '../errors.js';
import { currentContext } from '../request-context.js';
import { IDEMPOTENT_REQUESTS_TABLE } from './idempotent-requests-table.js';

/** One request under a key: who sent it (scope), the client's key and what it asked (requestFingerprint). */
export interface IdempotentRequest {
  scope: string;
  key: string;
  hash: string;
}

/** The first answer, as it went out. */
export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

export interface IdempotencyTimings {
  /** How long a key is remembered (24 h, docs/api-contract "Retries and bounded answers"). */
  ttlMs: number;
  /** How long a repeat waits for a first request still running before answering 409. */
  waitMs: number;
  /** How often a waiting repeat looks again. */
  pollMs: number;
  /**
   * A claim still pending after this long belongs to a process that died mid-request; a repeat takes
   * it over. Age, not liveness: a handler still running after this long (PostgreSQL frozen for
   * minutes) could be run a second time, so it is far beyond any request's life (the gateway gives
   * up after SERVICE_TIMEOUT_MS, a service's request after REQUEST_DEADLINE_MS).
   */
  abandonedMs: number;
}

export const IDEMPOTENCY_TIMINGS: IdempotencyTimings = {
  ttlMs: 24 * 3600 * 1000,
  waitMs: 2000,
  pollMs: 100,
  abandonedMs: 10 * 60_000,
};

/** At most this many expired rows leave with each claim: the table stays at about one day of keys without a job of its own. */
const EXPIRED_PER_CLAIM = 100;

interface Row {
  request_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: string | null;
  content_type: string | null;
  abandoned: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A repeat whose own caller has stopped waiting takes nothing over: it would run the write for no
 * one, after a wait that itself says PostgreSQL or this process is stalled.
 */
function pastOwnDeadline(): boolean {
  const deadlineAt = currentContext()?.deadlineAt;
  return deadlineAt !== undefined && Date.now() >= deadlineAt;
}

/**
 * The service's record of idempotent requests, in its own PostgreSQL schema (docs/adr/0016-idempotent-writes.md).
 * A request claims its key with one conditional insert before it runs, so of two at once exactly one
 * runs; the answer is stored after; a failure that a retry may fix releases the claim.
 */
export class IdempotencyStore {
  /** In the service's schema: its connections have it as their search_path (database.ts). */
  private readonly table = `"${IDEMPOTENT_REQUESTS_TABLE}"`;

  constructor(
    private readonly ds: DataSource,
    private readonly timings: IdempotencyTimings = IDEMPOTENCY_TIMINGS,
  ) {}

  /**
   * Claims the key for this request, or answers the first answer. Throws 422 when the key belongs to
   * another request, 409 when the first one is still running after `waitMs`.
   */
  async claim(request: IdempotentRequest): Promise<Claim> {
    await this.forgetExpired(request);
    const deadline = Date.now() + this.timings.waitMs;
    for (;;) {
      const inserted: unknown[] = await this.ds.query(
        `INSERT INTO ${this.table} ("scope", "key", "request_hash") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS claimed`,
        [request.scope, request.key, request.hash],
      );
      if (inserted.length) return { kind: 'claimed' };
      const row = await this.read(request);
      // Released between our insert and this read: try to claim it again.
      if (!row) continue;
      if (row.request_hash !== request.hash) throw new DomainError('UNPROCESSABLE', API_ERRORS.idempotencyKeyReused);
      if (row.state === 'done')
        return { kind: 'replay', answer: { status: row.status ?? 200, body: row.body ?? '', contentType: row.content_type ?? 'application/json' } };
      if (row.abandoned && !pastOwnDeadline() && (await this.takeOver(request))) return { kind: 'claimed' };
      if (Date.now() >= deadline) throw fail.conflict(API_ERRORS.idempotentRequestPending, 'IDEMPOTENT_REQUEST_PENDING');
      await sleep(this.timings.pollMs);
    }
  }

  /** Stores the answer of a claimed request; repeats replay it from now on. */
  async complete(request: IdempotentRequest, answer: StoredAnswer): Promise<void> {
    await this.ds.query(`UPDATE ${this.table} SET "state" = 'done', "status" = $3, "body" = $4, "content_type" = $5 WHERE "scope" = $1 AND "key" = $2`, [
      request.scope,
      request.key,
      answer.status,
      answer.body,
      answer.contentType,
    ]);
  }

  /**
   * After a 5xx once the request's write reached COMMIT: the key is settled with the 409 "schon
   * angekommen", never released nor taken over, so no repeat writes it again.
   */
  async markCommitted(request: IdempotentRequest): Promise<void> {
    await this.complete(request, {
      status: 409,
      body: JSON.stringify({ message: API_ERRORS.idempotentRequestCommitted, code: 'CONFLICT' }),
      contentType: 'application/json; charset=utf-8',
    });
  }

  /** Gives the key back after a failure a retry may fix (5xx, lost connection) before any commit: the retry runs anew. */
  async release(request: IdempotentRequest): Promise<void> {
    await this.ds.query(`DELETE FROM ${this.table} WHERE "scope" = $1 AND "key" = $2 AND "state" = 'pending'`, [request.scope, request.key]);
  }

  private async read(request: IdempotentRequest): Promise<Row | undefined> {
    const rows: Row[] = await this.ds.query(
      `SELECT "request_hash", "state", "status", "body", "content_type", "created_at" < now() - make_interval(secs => $3) AS abandoned
         FROM ${this.table} WHERE "scope" = $1 AND "key" = $2`,
      [request.scope, request.key, this.timings.abandonedMs / 1000],
    );
    return rows[0];
  }

  /** Takes over an abandoned claim (one repeat wins: the condition holds for one update only). */
  private async takeOver(request: IdempotentRequest): Promise<boolean> {
    const [, affected] = (await this.ds.query(
      `UPDATE ${this.table} SET "created_at" = now() WHERE "scope" = $1 AND "key" = $2 AND "state" = 'pending' AND "request_hash" = $3
         AND "created_at" < now() - make_interval(secs => $4)`,
      [request.scope, request.key, request.hash, this.timings.abandonedMs / 1000],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Lazy expiry: this key if it is older than the TTL, and a bounded batch of the oldest expired others. */
  private async forgetExpired(request: IdempotentRequest): Promise<void> {
    await this.ds.query(
      `DELETE FROM ${this.table} WHERE ("scope" = $1 AND "key" = $2 AND "created_at" < now() - make_interval(secs => $3))
         OR ctid IN (SELECT ctid FROM ${this.table} WHERE "created_at" < now() - make_interval(secs => $3) ORDER BY "created_at" LIMIT ${EXPIRED_PER_CLAIM})`,
      [request.scope, request.key, this.timings.ttlMs / 1000],
    );
  }
}
