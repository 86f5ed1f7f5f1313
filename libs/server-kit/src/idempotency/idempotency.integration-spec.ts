import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { dataSourceOptions } from '../database.js';
import { fail } from '../errors.js';
import { ErrorBodyFilter } from '../exception-filter.js';
import { internalAuth } from '../internal-auth.js';
import { JsonLogger } from '../logger.js';
import { runWithContext } from '../request-context.js';
import { type FreshDatabase, freshDatabase } from '../test-support/fresh-database.js';
import { IDEMPOTENCY_TIMINGS, IdempotencyStore } from './idempotency-store.js';
import { Idempotent } from './idempotent.interceptor.js';
import { createIdempotentRequestsTableSql, dropIdempotentRequestsTableSql } from './idempotent-requests-table.js';
import { requestFingerprint } from './request-fingerprint.js';

class CreateIdempotentRequests1700000000000 implements MigrationInterface {
  name = 'CreateIdempotentRequests1700000000000';
  async up(q: QueryRunner): Promise<void> {
    for (const sql of createIdempotentRequestsTableSql()) await q.query(sql);
  }
  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropIdempotentRequestsTableSql()) await q.query(sql);
  }
}

const GATEWAY_TOKEN = 'idempotency-spec-gateway-token-0123456789';
const ALICE = { 'x-user-id': '00000000-0000-4000-8000-00000000000a', 'x-user-role': 'organizer' };
const BOB = { 'x-user-id': '00000000-0000-4000-8000-00000000000b', 'x-user-role': 'organizer' };

/** What the handlers applied: one entry per run. */
const applied: string[] = [];
let failuresLeft = 0;

@Controller('things')
class ThingsController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Writes in a transaction that commits (for 'rollback' one that fails, for 'read-only' one that only reads), then fails with a 500: the answer after the write is lost. */
  @Post('commit-then-fail')
  @Idempotent()
  async commitThenFail(@Body() body: { name: string }): Promise<never> {
    if (body.name === 'read-only') await this.ds.transaction((m) => m.query('SELECT 1'));
    else if (body.name === 'rollback')
      await this.ds
        .transaction(async (m) => {
          await m.query('SELECT 1');
          throw new Error('refused inside the transaction');
        })
        .catch(() => undefined);
    else await this.ds.transaction((m) => m.query('CREATE TEMP TABLE IF NOT EXISTS written (id int)'));
    applied.push(body.name);
    throw new Error('connection lost after the commit');
  }

  /** 201 with a new thing; slow enough that two requests at once overlap. */
  @Post()
  @Idempotent()
  async create(@Body() body: { name: string }): Promise<{ id: number; name: string }> {
    await new Promise((r) => setTimeout(r, 150));
    if (body.name === 'taken') throw fail.conflict('Den Namen gibt es schon.');
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('connection lost');
    }
    applied.push(body.name);
    return { id: applied.length, name: body.name };
  }

  @Post('decide')
  @HttpCode(200)
  @Idempotent()
  decide(): { decided: true } {
    applied.push('decided');
    return { decided: true };
  }
}

let database: FreshDatabase;
let app: INestApplication;
let base: string;

beforeAll(async () => {
  database = await freshDatabase({ schema: 'idem_spec', entities: [], migrations: [CreateIdempotentRequests1700000000000] });
  @Module({ imports: [TypeOrmModule.forRoot(dataSourceOptions(database.db))], controllers: [ThingsController] })
  class SpecModule {}
  app = await NestFactory.create(SpecModule, { logger: false });
  app.use(internalAuth({ gatewayToken: GATEWAY_TOKEN, serviceToken: 'idempotency-spec-internal-token-0123456789' }));
  app.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('idem-spec', 'error')));
  await app.listen(0, '127.0.0.1');
  base = await app.getUrl();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: string | null;
  raw: string;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-internal-token': GATEWAY_TOKEN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const raw = await res.text();
  return { status: res.status, body: JSON.parse(raw) as Record<string, unknown>, replayed: res.headers.get('idempotent-replayed'), raw };
}

const runsOf = (name: string) => applied.filter((n) => n === name).length;

describe('Idempotency-Key on a creating write', () => {
  it('answers a repeat with the first status and body, marked as replayed, and applies it once', async () => {
    const first = await post('/things', { name: 'Bücherstand' }, { ...ALICE, 'idempotency-key': 'k-replay' });
    const again = await post('/things', { name: 'Bücherstand' }, { ...ALICE, 'idempotency-key': 'k-replay' });
    expect(first).toMatchObject({ status: 201, replayed: null });
    expect(again).toMatchObject({ status: 201, replayed: 'true', raw: first.raw });
    expect(runsOf('Bücherstand')).toBe(1);
  });

  it('keeps the status the handler set (200) and treats the same body in another key order as the same request', async () => {
    const first = await post('/things/decide', { a: 1, b: 2 }, { ...ALICE, 'idempotency-key': 'k-decide' });
    const again = await post('/things/decide', { b: 2, a: 1 }, { ...ALICE, 'idempotency-key': 'k-decide' });
    expect([first.status, again.status, again.replayed]).toEqual([200, 200, 'true']);
    expect(runsOf('decided')).toBe(1);
  });

  it('refuses the same key with another body (422, German) and applies nothing', async () => {
    await post('/things', { name: 'Spielzeug' }, { ...ALICE, 'idempotency-key': 'k-other' });
    const other = await post('/things', { name: 'Kleidung' }, { ...ALICE, 'idempotency-key': 'k-other' });
    expect(other).toMatchObject({ status: 422, body: { message: API_ERRORS.idempotencyKeyReused } });
    expect(runsOf('Kleidung')).toBe(0);
  });

  it('applies two requests with one key sent at once once; both get the one answer', async () => {
    const [a, b] = await Promise.all([
      post('/things', { name: 'Gleichzeitig' }, { ...ALICE, 'idempotency-key': 'k-together' }),
      post('/things', { name: 'Gleichzeitig' }, { ...ALICE, 'idempotency-key': 'k-together' }),
    ]);
    expect(runsOf('Gleichzeitig')).toBe(1);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.raw).toBe(b.raw);
    expect([a.replayed, b.replayed].sort()).toEqual(['true', null].sort());
  });

  it('keeps each caller’s keys apart: another user’s same key is a request of its own', async () => {
    await post('/things', { name: 'Zweimal' }, { ...ALICE, 'idempotency-key': 'k-shared' });
    const bob = await post('/things', { name: 'Zweimal' }, { ...BOB, 'idempotency-key': 'k-shared' });
    expect(bob).toMatchObject({ status: 201, replayed: null });
    expect(runsOf('Zweimal')).toBe(2);
  });

  it('keeps a guest’s key by the key alone', async () => {
    await post('/things', { name: 'Gast' }, { 'idempotency-key': 'k-guest' });
    const again = await post('/things', { name: 'Gast' }, { 'idempotency-key': 'k-guest' });
    expect(again.replayed).toBe('true');
    expect(runsOf('Gast')).toBe(1);
  });

  it('replays a refusal (4xx) as it was', async () => {
    const first = await post('/things', { name: 'taken' }, { ...ALICE, 'idempotency-key': 'k-refused' });
    const again = await post('/things', { name: 'taken' }, { ...ALICE, 'idempotency-key': 'k-refused' });
    expect(first).toMatchObject({ status: 409, body: { message: 'Den Namen gibt es schon.' } });
    expect(again).toMatchObject({ status: 409, replayed: 'true', raw: first.raw });
  });

  it('lets a retry run again after a failure a retry may fix (5xx)', async () => {
    failuresLeft = 1;
    const failed = await post('/things', { name: 'Nach Fehler' }, { ...ALICE, 'idempotency-key': 'k-retry' });
    const retried = await post('/things', { name: 'Nach Fehler' }, { ...ALICE, 'idempotency-key': 'k-retry' });
    expect(failed.status).toBe(500);
    expect(retried).toMatchObject({ status: 201, replayed: null, body: { name: 'Nach Fehler' } });
    expect(runsOf('Nach Fehler')).toBe(1);
  });

  it('answers a repeat of a request that failed (5xx) after its write was committed with the 409 "schon angekommen", and runs nothing again', async () => {
    const failed = await post('/things/commit-then-fail', { name: 'Festgeschrieben' }, { ...ALICE, 'idempotency-key': 'k-committed' });
    const again = await post('/things/commit-then-fail', { name: 'Festgeschrieben' }, { ...ALICE, 'idempotency-key': 'k-committed' });
    expect(failed.status).toBe(500);
    expect(again).toMatchObject({ status: 409, replayed: 'true', body: { message: API_ERRORS.idempotentRequestCommitted } });
    expect(runsOf('Festgeschrieben')).toBe(1);
  });

  it.each(['rollback', 'read-only'])('lets a retry run again after a 5xx whose transaction wrote nothing (%s)', async (name) => {
    await post('/things/commit-then-fail', { name }, { ...ALICE, 'idempotency-key': `k-${name}` });
    const again = await post('/things/commit-then-fail', { name }, { ...ALICE, 'idempotency-key': `k-${name}` });
    expect(again).toMatchObject({ status: 500, replayed: null });
    expect(runsOf(name)).toBe(2);
  });

  it('runs every request without a key, and refuses a malformed key (400, German)', async () => {
    await post('/things', { name: 'Ohne' }, ALICE);
    await post('/things', { name: 'Ohne' }, ALICE);
    expect(runsOf('Ohne')).toBe(2);
    const bad = await post('/things', { name: 'Schlecht' }, { ...ALICE, 'idempotency-key': 'x'.repeat(201) });
    expect(bad).toMatchObject({ status: 400, body: { message: API_ERRORS.invalidIdempotencyKey } });
    expect(runsOf('Schlecht')).toBe(0);
  });
});

describe('IdempotencyStore', () => {
  const quick = { ...IDEMPOTENCY_TIMINGS, waitMs: 300, pollMs: 50 };
  const ageClaim = (key: string, age: string) =>
    database.ds.query(`UPDATE "idem_spec"."idempotent_requests" SET "created_at" = now() - $2::interval WHERE "key" = $1`, [key, age]);
  const request = (key: string, hash = requestFingerprint('POST', '/x', { key })) => ({ scope: 'user:store', key, hash });

  it('answers 409 (German) while the first request still runs, and its answer once it is stored', async () => {
    const store = new IdempotencyStore(database.ds, quick);
    expect(await store.claim(request('s-pending'))).toEqual({ kind: 'claimed' });
    await expect(store.claim(request('s-pending'))).rejects.toMatchObject({ status: 409, message: API_ERRORS.idempotentRequestPending });
    await store.complete(request('s-pending'), { status: 201, body: '{"id":1}', contentType: 'application/json' });
    expect(await store.claim(request('s-pending'))).toEqual({ kind: 'replay', answer: { status: 201, body: '{"id":1}', contentType: 'application/json' } });
  });

  it('lets one repeat take over a claim whose process died, and forgets keys older than the TTL', async () => {
    const store = new IdempotencyStore(database.ds, quick);
    await store.claim(request('s-abandoned'));
    await store.claim(request('s-expired'));
    await store.complete(request('s-expired'), { status: 201, body: '{}', contentType: 'application/json' });
    await ageClaim('s-abandoned', '11 minutes');
    await database.ds.query(`UPDATE "idem_spec"."idempotent_requests" SET "created_at" = now() - interval '25 hours' WHERE "key" = 's-expired'`);
    const takers = await Promise.allSettled([store.claim(request('s-abandoned')), store.claim(request('s-abandoned'))]);
    expect(takers.filter((t) => t.status === 'fulfilled' && t.value.kind === 'claimed')).toHaveLength(1);
    expect(takers.filter((t) => t.status === 'rejected')).toHaveLength(1);
    expect(await store.claim(request('s-expired'))).toEqual({ kind: 'claimed' });
  });

  it('never takes over a first request still running after minutes (a stalled database, a lock wait)', async () => {
    const store = new IdempotencyStore(database.ds, quick);
    await store.claim(request('s-live'));
    await ageClaim('s-live', '5 minutes');
    await expect(store.claim(request('s-live'))).rejects.toMatchObject({ status: 409, message: API_ERRORS.idempotentRequestPending });
  });

  it('takes nothing over for a repeat whose own caller has stopped waiting', async () => {
    const store = new IdempotencyStore(database.ds, quick);
    await store.claim(request('s-late'));
    await ageClaim('s-late', '11 minutes');
    const late = runWithContext({ requestId: 'late', caller: null, deadlineAt: Date.now() - 1 }, () => store.claim(request('s-late')));
    await expect(late).rejects.toMatchObject({ status: 409, message: API_ERRORS.idempotentRequestPending });
    expect(await store.claim(request('s-late'))).toEqual({ kind: 'claimed' });
  });
});
