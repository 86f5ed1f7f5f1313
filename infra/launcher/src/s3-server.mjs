import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/*
 * The local S3-protocol server as a process of its own (started by s3.mjs), as MinIO is one in
 * compose and Kubernetes: its buffers and garbage collection stay out of the launcher, and the
 * stack can stop and start it like any other component.
 */
const { S3_PORT, S3_DIR, S3_BUCKET } = process.env;
if (!S3_PORT || !S3_DIR || !S3_BUCKET) throw new Error('s3-server: S3_PORT, S3_DIR and S3_BUCKET are required');

mkdirSync(S3_DIR, { recursive: true });
const server = new S3rver({
  port: Number(S3_PORT),
  address: '127.0.0.1',
  directory: S3_DIR,
  silent: true,
  configureBuckets: [{ name: S3_BUCKET }],
  allowMismatchedSignatures: false,
  resetOnClose: false,
});
// It listens only once the bucket exists: an open port means ready.
await server.run();

const stop = () =>
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
