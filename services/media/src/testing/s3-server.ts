import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-protocol server on a port of its own for tests (the same s3rver the embedded default uses).
 * stop() cuts every connection, as a crashed store would; start() brings it back on the same port
 * with the same objects.
 */
export class TestS3 {
  private server: S3rver | null = null;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'media-s3-'));

  constructor(
    readonly port: number,
    readonly bucket: string,
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new S3rver({
      port: this.port,
      address: '127.0.0.1',
      directory: this.dir,
      silent: true,
      configureBuckets: [{ name: this.bucket }],
      resetOnClose: false,
    });
    await this.server.run();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.httpServer?.closeAllConnections();
    await server.close();
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
