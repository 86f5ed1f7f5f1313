import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryRunner } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { MyEventsController } from './my-events.controller.js';

/*
 * PostgreSQL drops the service's connections while a request is reading (a restart, a crash, an
 * operator's pg_terminate_backend): the caller gets the German 503 with Retry-After, never a 500,
 * and the next request is answered from a new connection (issue 31).
 */

const GATEWAY_TOKEN = 'lost-db-spec-gateway-token-0123456789';
const ORGANIZER = randomUUID();

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

class QuietLogger extends JsonLogger {
  override write(): void {}
}

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'lost-db-spec-internal-token-0123456789' };
  const parts = { controllers: [MyEventsController], logger: new QuietLogger('events-test'), dataSource: { logging: false } };
  ({ app, base } = await startEventsApp(fresh, env, parts));
});

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

async function myEvents(): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const res = await fetch(`${base}/me/events`, { headers: { 'x-internal-token': GATEWAY_TOKEN, 'x-user-id': ORGANIZER, 'x-user-role': 'organizer' } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

/** Waits until a backend of this database waits for a lock: the request's query is under way. */
async function untilAQueryWaits(holder: QueryRunner): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const waiting = (await holder.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as Array<{ n: number }>;
    if (waiting[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no query of the service started waiting');
}

describe('a database connection lost under a request', () => {
  it('answers 503 in German with Retry-After, and 200 again by itself within seconds', async () => {
    expect((await myEvents()).status).toBe(200);
    // The request's read waits behind this lock, so it is surely under way when the connections go.
    const holder = fresh.ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query('LOCK TABLE events.events IN ACCESS EXCLUSIVE MODE');
      const reading = myEvents();
      await untilAQueryWaits(holder);
      await holder.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      expect(await reading).toEqual({ status: 503, retryAfter: '5', body: { message: API_ERRORS.serviceUnavailable, code: 'UNAVAILABLE' } });
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    // Recovered by itself: the pool drops the connections PostgreSQL ended (as their error events arrive) and opens new ones.
    let again = await myEvents();
    for (let tries = 0; again.status === 503 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await myEvents();
    }
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
  });
});
