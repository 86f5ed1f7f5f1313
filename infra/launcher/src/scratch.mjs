import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { freePorts } from './ports.mjs';

/** PostgreSQL where scratch databases are created, and the Redis they use (the machine's own). */
export const SCRATCH_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SCRATCH_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function onServer(sql) {
  const admin = new pg.Client({ connectionString: SCRATCH_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function deleteRedisKeys(prefix) {
  const client = createClient({ url: SCRATCH_REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await client.del(keys);
  await client.close();
}

/**
 * What a test run or a benchmark needs to start the product beside anything else on the machine:
 * a fresh database, a Redis key prefix, a data folder and free ports, all its own. dispose()
 * removes the database, the keys and the folder (the logs too, unless `keepFiles`).
 */
export async function createScratch(kind) {
  const id = randomBytes(5).toString('hex');
  const database = `flohmarkt_${kind}_${id}`;
  await onServer(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(SCRATCH_ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `flohmarkt-${kind}-`));
  return {
    databaseUrl: databaseUrl.href,
    redisUrl: SCRATCH_REDIS_URL,
    redisPrefix: `flohmarkt-${kind}:${id}:`,
    dataDir,
    ports: await freePorts(),
    async dispose({ keepFiles = false } = {}) {
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await deleteRedisKeys(this.redisPrefix);
      if (!keepFiles) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
