import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { ROOT, startStack } from '@flohmarkt/launcher';
import { freePorts } from '@flohmarkt/launcher/ports';

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Builds what changed (nx cache), so a fresh clone can run a benchmark directly. */
export function buildAll() {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (result.status !== 0) throw new Error('build failed');
}

/**
 * The whole product on free ports with a scratch database and Redis prefix of its own; stop()
 * removes all of it. Benchmarks measure the same processes that run in production.
 */
export async function startScratchStack(options = {}) {
  const id = randomBytes(4).toString('hex');
  const database = `flohmarkt_bench_${id}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-bench-'));
  const ports = await freePorts();
  const redisPrefix = `flohmarkt-bench:${id}:`;
  const stack = await startStack({
    ports,
    dataDir,
    databaseUrl: databaseUrl.href,
    redisUrl: REDIS_URL,
    redisPrefix,
    publicUrl: `http://localhost:${ports.gateway}`,
    gatewayHost: '127.0.0.1',
    logLevel: 'warn',
    ...options,
  });
  return {
    ...stack,
    databaseUrl: databaseUrl.href,
    async stop() {
      await stack.stop();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
      const redis = createClient({ url: REDIS_URL });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
      await redis.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
