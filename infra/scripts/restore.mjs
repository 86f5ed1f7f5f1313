#!/usr/bin/env node
/**
 * `npm run restore -- <folder>`: puts a backup of infra/scripts/backup.mjs back. Stop the apps
 * first (docs/operations.md "Backups and restore"); start them again afterwards.
 *
 * The database: pg_restore --clean --if-exists in one transaction (every schema of the dump is
 * replaced as a whole, or nothing changes). The bucket: every object of the manifest is uploaded
 * again with its content type, after its SHA-256 was checked; objects the backup does not know
 * stay (photos uploaded after it are orphans: the apps never show them).
 * Reads DATABASE_URL and S3_* like the apps.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseConnection, runAsScript, runTool, s3Client, settingsFromEnv } from './backup/settings.mjs';

export async function restore(folder, settings = settingsFromEnv()) {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  const files = manifest.objects.map((object) => {
    const file = path.join(folder, 'bucket', ...object.key.split('/'));
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    if (sha256 !== object.sha256) throw new Error(`${object.key}: the file in the backup is damaged (SHA-256 differs)`);
    return { ...object, file };
  });

  // The password through pg_restore's environment, never its command line.
  const database = databaseConnection(settings.databaseUrl);
  runTool(
    settings.pgRestore,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${database.url}`,
      path.join(folder, manifest.database),
    ],
    database.env,
  );

  const client = s3Client(settings.s3);
  if (!(await client.bucketExists(settings.bucket))) await client.makeBucket(settings.bucket, settings.s3.region);
  for (const object of files) await client.fPutObject(settings.bucket, object.key, object.file, { 'Content-Type': object.contentType });
  return manifest;
}

runAsScript(
  import.meta.url,
  'restore',
  'backup folder',
  restore,
  (m, folder) => `Restored the database and ${m.objects.length} objects from ${folder} (backup of ${m.createdAt})`,
);
