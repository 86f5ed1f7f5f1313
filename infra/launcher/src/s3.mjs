import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/**
 * A local S3-protocol server for the embedded default and tests (compose and Kubernetes use
 * MinIO). Objects live in the data folder.
 */
export async function startS3({ port, dataDir, bucket, accessKey, secretKey }) {
  mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: false,
    resetOnClose: false,
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey,
    secretKey,
    stop: () => server.close(),
  };
}
