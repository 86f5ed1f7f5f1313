import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPortOpen } from './ports.mjs';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-server.mjs');

/**
 * A local S3-protocol server (s3rver) for the embedded default and tests, in a process of its own
 * (compose and Kubernetes use MinIO). Objects live in the data folder.
 */
export async function startS3(group, { port, dataDir, bucket, accessKey, secretKey }) {
  const entry = group.start('s3', process.execPath, [SERVER], { S3_PORT: String(port), S3_DIR: dataDir, S3_BUCKET: bucket });
  await group.waitReady(entry, 'Objektspeicher', () => isPortOpen(port), { timeoutMs: 15000 });
  return { endpoint: `http://127.0.0.1:${port}`, bucket, accessKey, secretKey, entry };
}
