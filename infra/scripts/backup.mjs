#!/usr/bin/env node
/**
 * `npm run backup -- <folder>`: a backup of everything that is not rebuilt by itself.
 *
 *   <folder>/database.dump   pg_dump of the whole database, custom format: every service's schema
 *                            in one consistent snapshot (read models and outboxes agree with their
 *                            sources); `pg_restore -n <schema>` still takes one schema out of it.
 *   <folder>/bucket/<key>    every object of the photo bucket, copied after the dump (an object
 *                            uploaded in between is at worst an orphan, never a missing photo).
 *   <folder>/manifest.json   when, and each object's key, size, SHA-256 and content type.
 *
 * Redis is not backed up (sessions, rate limits, queues: docs/operations.md "Backups and restore").
 * Reads DATABASE_URL and S3_* like the apps; restore with infra/scripts/restore.mjs.
 *
 * A backup holds every user's personal data: the folder and everything in it are its owner's alone
 * (0700 folders, 0600 files, from the moment each is made), and the database password reaches
 * pg_dump through its environment, never its command line.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseConnection, listKeys, runAsScript, runTool, s3Client, settingsFromEnv } from './backup/settings.mjs';

/** Only the owner may read or enter what the backup makes (pg_dump's file and the objects' folders included). */
const OWNER_ONLY_UMASK = 0o077;

export async function backup(folder, settings = settingsFromEnv()) {
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`${folder} is not empty: a backup goes into a new folder`);
  const umask = process.umask(OWNER_ONLY_UMASK);
  try {
    return await backupOwnerOnly(folder, settings);
  } finally {
    process.umask(umask);
  }
}

async function backupOwnerOnly(folder, settings) {
  mkdirSync(path.join(folder, 'bucket'), { recursive: true, mode: 0o700 });
  // An empty folder made beforehand keeps its mode otherwise.
  chmodSync(folder, 0o700);

  const database = databaseConnection(settings.databaseUrl);
  runTool(settings.pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(folder, 'database.dump')}`, database.url], database.env);

  const client = s3Client(settings.s3);
  const objects = [];
  for (const key of await listKeys(client, settings.bucket)) {
    const file = path.join(folder, 'bucket', ...key.split('/'));
    if (!file.startsWith(path.join(folder, 'bucket') + path.sep)) throw new Error(`object key ${JSON.stringify(key)} leaves the backup folder`);
    await client.fGetObject(settings.bucket, key, file);
    const stat = await client.statObject(settings.bucket, key);
    const body = readFileSync(file);
    objects.push({
      key,
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      contentType: stat.metaData?.['content-type'] ?? 'application/octet-stream',
    });
  }
  const manifest = { createdAt: new Date().toISOString(), database: 'database.dump', bucket: settings.bucket, objects };
  writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

runAsScript(
  import.meta.url,
  'backup',
  'new folder',
  backup,
  (m, folder) => `Backup in ${folder}: database.dump and ${m.objects.length} objects of ${m.bucket}`,
);
