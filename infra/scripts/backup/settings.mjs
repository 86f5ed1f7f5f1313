import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'minio';

/**
 * What backup.mjs and restore.mjs need, from the same variables the apps read (README
 * "Configuration"): DATABASE_URL, S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION.
 * PG_DUMP / PG_RESTORE name other binaries (they must be of the server's major version or newer).
 */
export function settingsFromEnv(env = process.env) {
  const missing = ['DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new Error(`set ${missing.join(', ')} (the values the apps use)`);
  return {
    databaseUrl: env.DATABASE_URL,
    bucket: env.S3_BUCKET,
    s3: { endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, region: env.S3_REGION || 'us-east-1' },
    pgDump: env.PG_DUMP || 'pg_dump',
    pgRestore: env.PG_RESTORE || 'pg_restore',
  };
}

/** An S3 client as the media service builds it (path style: MinIO, Garage, SeaweedFS and AWS alike). */
export function s3Client({ endpoint, accessKey, secretKey, region }) {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({ endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL, accessKey, secretKey, region, pathStyle: true });
}

/**
 * DATABASE_URL split for a PostgreSQL client tool: the URL without its password (for the command
 * line, which `ps` shows every user of the machine) and the password as PGPASSWORD (for the tool's
 * environment, which only its owner can read).
 */
export function databaseConnection(databaseUrl) {
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL must be a URL such as postgres://user:password@host:5432/database');
  }
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool (with `env` beside the process's own); its own error output becomes the error. */
export function runTool(command, args, env = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} exited ${result.status}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** Every object key of the bucket. */
export async function listKeys(client, bucket) {
  const keys = [];
  for await (const object of client.listObjectsV2(bucket, '', true)) if (object.name) keys.push(object.name);
  return keys.sort();
}

/**
 * `npm run <name> -- <folder>`: runs `work` on the folder when the script is started itself (the
 * tests import it), printing what `done` says of its answer; a failure exits 1, a missing folder 2.
 */
export function runAsScript(moduleUrl, name, folderHint, work, done) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write(`usage: npm run ${name} -- <${folderHint}>\n`);
    process.exit(2);
  }
  work(path.resolve(folder)).then(
    (answer) => process.stdout.write(`${done(answer, folder)}\n`),
    (error) => {
      process.stderr.write(`${name} failed: ${error.message}\n`);
      process.exit(1);
    },
  );
}
