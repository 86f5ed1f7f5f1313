import { createWriteStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'minio';
import { downloadOverSocket } from './socket-download.js';
import { StorageUnavailableError, isStorageUnavailable } from './storage-errors.js';

export interface ObjectStoreSettings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Longest wait for one call before the store counts as unreachable. */
  timeoutMs: number;
}

const isMissing = (err: unknown): boolean => ['NoSuchKey', 'NotFound', 'NoSuchObject'].includes((err as { code?: string })?.code ?? '');

/**
 * The longest a connection to the store waits idle in our pool. Well below the 5 s after which a
 * Node server (the local s3rver) closes an idle connection, and below MinIO's longer limit: a call
 * never picks a pooled connection that the store is closing at that moment. (Node's global agent,
 * the client's default, keeps one exactly 5 s: a read then now and then met a reset, a 503 of a
 * healthy store, and with retries off it was not sent again.)
 */
export const STORE_IDLE_SOCKET_MS = 2000;

/** A presigned download URL is used at once; it only has to outlive the request's start. */
const PRESIGNED_SECONDS = 300;

export interface StoredObject {
  stream: Readable;
  size: number;
  etag: string;
  lastModified: Date;
}

/**
 * The photo bucket (MinIO in compose and Kubernetes, s3rver in the embedded default and tests),
 * addressed path-style. Every call has a deadline; failures to reach the store become
 * StorageUnavailableError, so callers answer 503 or retry later.
 */
export class ObjectStore {
  private readonly client: Client;
  private readonly plainHttp: boolean;
  readonly bucket: string;

  constructor(private readonly settings: ObjectStoreSettings) {
    const url = new URL(settings.endpoint);
    const useSSL = url.protocol === 'https:';
    this.plainHttp = !useSSL;
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: true,
      // Our callers retry (jobs) or answer 503 (uploads); one quick attempt per call is enough here.
      retryOptions: { disableRetry: true },
      transportAgent: new (useSSL ? https : http).Agent({ keepAlive: true, timeout: STORE_IDLE_SOCKET_MS }),
    });
    this.bucket = settings.bucket;
  }

  /** Creates the bucket when it does not exist yet (first start of a fresh store). */
  async ensureBucket(): Promise<void> {
    await this.guard('bucketExists', async () => {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.settings.region);
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.guard('putObject', () => this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType }));
  }

  /**
   * Writes the object into a local file (the worker's original: several MB it never needs in its
   * own memory). Answers false when there is no such object. An answer that ends short of its
   * announced size, is dropped half-way or stalls is the store failing (try again later), not a
   * photo; the file is then incomplete and the caller discards it.
   *
   * A store on plain HTTP (MinIO inside compose or the cluster, the local server) is read with a
   * presigned GET on a bare socket (socket-download.ts: a third of the CPU). Over TLS, and for any
   * answer that is not a plain sized 200 (a missing object, an error, a chunked body), the S3
   * client downloads and interprets the answer as for every other call.
   */
  async download(key: string, file: string): Promise<boolean> {
    if (this.plainHttp) {
      const deadline = AbortSignal.timeout(this.settings.timeoutMs);
      try {
        const url = new URL(await this.client.presignedGetObject(this.bucket, key, PRESIGNED_SECONDS));
        const answer = await downloadOverSocket(url, file, deadline);
        if (answer.kind === 'written') return true;
      } catch (err) {
        throw this.translate(err, 'getObject');
      }
    }
    return this.downloadThroughClient(key, file);
  }

  private async downloadThroughClient(key: string, file: string): Promise<boolean> {
    const found = await this.open(key);
    if (!found) return false;
    const announced = (found.stream as IncomingMessage).headers?.['content-length'] !== undefined;
    const out = createWriteStream(file);
    // The body has the same deadline as a call: a store that stalls half-way must not hold the job.
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      await pipeline(found.stream, out, { signal: deadline });
    } catch (err) {
      if (deadline.aborted) throw new StorageUnavailableError(`getObject: body not complete within ${this.settings.timeoutMs} ms`);
      throw this.translate(err);
    }
    if (announced && out.bytesWritten !== found.size) {
      throw new StorageUnavailableError(`object store sent ${out.bytesWritten} of ${found.size} bytes`);
    }
    return true;
  }

  /** The object with its size and ETag, or null when there is none. */
  async open(key: string): Promise<StoredObject | null> {
    return this.guard('getObject', async () => {
      try {
        // The answer is the store's HTTP response: its headers carry size and ETag (one round trip).
        const stream = (await this.client.getObject(this.bucket, key)) as IncomingMessage;
        const { headers } = stream;
        return {
          stream,
          size: Number(headers['content-length'] ?? 0),
          etag: String(headers.etag ?? '').replace(/"/g, ''),
          lastModified: new Date(String(headers['last-modified'] ?? Date.now())),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    });
  }

  /** Removes the keys; keys that do not exist are fine (idempotent). */
  async remove(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.guard('removeObjects', async () => {
      for (const key of keys) await this.client.removeObject(this.bucket, key);
    });
  }

  /** Removes every object below a prefix (a stand's folder); answers how many there were. */
  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.guard('listObjects', () => this.list(prefix));
    await this.remove(keys);
    return keys.length;
  }

  async list(prefix: string): Promise<string[]> {
    return this.guard('listObjects', async () => {
      const keys: string[] = [];
      for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
        if (item.name) keys.push(item.name);
      }
      return keys;
    });
  }

  private async guard<T>(what: string, call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StorageUnavailableError(`${what}: no answer within ${this.settings.timeoutMs} ms`)), this.settings.timeoutMs);
    });
    try {
      return await Promise.race([call(), deadline]);
    } catch (err) {
      throw this.translate(err, what);
    } finally {
      clearTimeout(timer);
    }
  }

  private translate(err: unknown, what = 'object store'): Error {
    if (err instanceof StorageUnavailableError) return err;
    if (isStorageUnavailable(err)) return new StorageUnavailableError(`${what}: ${(err as Error).message}`);
    return err as Error;
  }
}
