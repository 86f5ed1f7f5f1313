import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: the launcher is plain JavaScript (it runs before anything is built)
import { startStack } from '@flohmarkt/launcher';
// @ts-expect-error: plain JavaScript
import { freePorts } from '@flohmarkt/launcher/ports';

/** PostgreSQL where test databases are created (the machine's own by default). */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ChildEntry {
  name: string;
  exited: { code: number | null; signal: string | null } | null;
}

/** One process of a scaled-out app (`replicas` option); gateways also expose their metrics port. */
export interface Replica {
  name: string;
  entry: ChildEntry;
  port: number;
  url: string;
  metricsPort?: number;
  metricsUrl?: string;
}

export interface TestStack {
  publicUrl: string;
  urls: Record<string, string>;
  ports: Record<string, number>;
  entries: Record<string, ChildEntry>;
  /** Every replica of each app, by app name (one each unless `replicas` was given). */
  replicas: Record<string, Replica[]>;
  /** Where the processes write their logs (one file per process, JSON lines). */
  logDir: string;
  group: { stopOne(entry: ChildEntry): Promise<void>; restart(entry: ChildEntry): ChildEntry };
  databaseUrl: string;
  redisPrefix: string;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  adminEmails?: string;
  gatewayEnv?: Record<string, string>;
  webDist?: string;
  /** Processes per app (gateway, services, photo worker); 1 unless a test proves scale-out. */
  replicas?: number;
  /** The public origin when something else fronts the gateways (a load balancer of the test). */
  publicUrl?: string;
  /** Extra variables for every app (e.g. shorter worker locks). */
  env?: Record<string, string>;
  logLevel?: string;
}

/**
 * The whole product on free ports, with a fresh database and a Redis key prefix of its own, so
 * test runs never see each other's data. stop() removes the database, the keys and the files.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const id = randomBytes(5).toString('hex');
  const database = `flohmarkt_e2e_${id}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-e2e-'));
  const ports = await freePorts();
  const redisPrefix = `flohmarkt-test:${id}:`;
  const dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  };
  // A stack that fails to start leaves no database or keys behind (its logs stay for reading).
  const stack = await startStack({
    ports,
    dataDir,
    databaseUrl: databaseUrl.href,
    redisUrl: REDIS_URL,
    redisPrefix,
    publicUrl: options.publicUrl ?? `http://localhost:${ports.gateway}`,
    adminEmails: options.adminEmails,
    gatewayEnv: options.gatewayEnv,
    gatewayHost: '127.0.0.1',
    webDist: options.webDist,
    logLevel: options.logLevel ?? 'warn',
    replicas: options.replicas,
    env: options.env,
  }).catch(async (err: Error) => {
    await dropDatabase().catch(() => undefined);
    await deleteRedisKeys(redisPrefix).catch(() => undefined);
    throw err;
  });
  return {
    ...stack,
    logDir: path.join(dataDir, 'logs'),
    redisPrefix,
    databaseUrl: databaseUrl.href,
    async stop() {
      await stack.stop();
      await dropDatabase();
      await deleteRedisKeys(redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const { createClient } = await import('redis');
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length) await client.del(keys);
  }
  await client.close();
}
