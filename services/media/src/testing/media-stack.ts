import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { expect } from 'vitest';
import { QUEUES } from '@flohmarkt/contracts';
import { bullPrefix } from '@flohmarkt/server-kit';
import { freshDatabase, type FreshDatabase } from '@flohmarkt/server-kit/testing';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from '../database.js';
import { PhotoEntity } from '../photos/photo.entity.js';
import { standPrefix } from '../photos/photo-keys.js';
import { ObjectStore } from '../storage/object-store.js';
import { FakeStands } from './fake-stands.js';
import { MediaProcess, freePort } from './media-processes.js';
import { TestS3 } from './s3-server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A caller: a user's id, a guest's manage token (`{ manageToken }`), or nobody (null). */
export type Asker = string | { manageToken: string } | null;

/** The path the media service serves a photo at: the gateway's without its /api. */
export const servedPath = (gatewayPath: string): string => gatewayPath.replace(/^\/api/, '');

/**
 * The built media service and worker with all they talk to, one set per spec file: a fresh
 * database, Redis under a prefix of its own, an S3-protocol server on a free port (without the
 * bucket: the service creates it at start) and the stands service's calls in memory (FakeStands).
 * The photo specs share it so that the processes' settings and the clean-up live in one place.
 * Create it before start(): stop() also cleans up after a start that failed half-way. The helpers
 * the specs take out of it by name (until, served, rowsOf, …) are bound to it.
 */
export class MediaStack {
  /** The gateway's token (public routes); the services' token is what media sends to stands. */
  readonly token = randomBytes(24).toString('hex');
  private readonly serviceToken = randomBytes(24).toString('hex');
  private readonly id = randomBytes(5).toString('hex');
  private readonly redisPrefix = `flohmarkt-test:media-${this.id}:`;
  /** The worker's scratch folder (where it keeps an original while rendering it). */
  readonly scratch = mkdtempSync(path.join(tmpdir(), 'media-worker-scratch-'));
  s3!: TestS3;
  readonly stands = new FakeStands(this.serviceToken);
  api!: MediaProcess;
  worker!: MediaProcess;
  /** The service's database, empty until the service migrates it at start. */
  fresh?: FreshDatabase;
  store!: ObjectStore;
  redis!: Redis;
  /** Where media's messages to the stands service arrive (relayed from its outbox). */
  standsQueue!: Queue;

  get ds(): DataSource {
    return this.fresh!.ds;
  }

  async start(): Promise<void> {
    const bucket = `photos-${this.id}`;
    this.fresh = await freshDatabase({ schema: 'media', entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS }, { migrated: false });
    this.s3 = new TestS3(await freePort(), bucket);
    await this.s3.start();
    const env = {
      DATABASE_URL: this.fresh.db.url,
      INTERNAL_TOKEN: this.serviceToken,
      GATEWAY_TOKEN: this.token,
      REDIS_URL,
      REDIS_PREFIX: this.redisPrefix,
      STANDS_SERVICE_URL: await this.stands.start(),
      S3_ENDPOINT: this.s3.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'warn',
      WORKER_LOCK_MS: '1500',
      DEPENDENCY_RETRY_MS: '500',
      SWEEP_INTERVAL_MS: '1000',
      WORKER_SCRATCH_DIR: this.scratch,
    };
    this.api = new MediaProcess('main.js', { ...env, PORT: String(await freePort()) });
    await this.api.start();
    this.worker = new MediaProcess('worker.js', { ...env, PORT: String(await freePort()) });
    await this.worker.start();
    this.store = new ObjectStore({ endpoint: this.s3.endpoint, bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', timeoutMs: 3000 });
    this.redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    this.standsQueue = this.queue(QUEUES.stands);
  }

  async stop(): Promise<void> {
    await this.worker?.kill('SIGTERM');
    await this.api?.kill('SIGTERM');
    await this.standsQueue?.close();
    if (this.redis) {
      const keys = await this.redis.keys(`${this.redisPrefix}*`);
      if (keys.length) await this.redis.del(...keys);
      await this.redis.quit();
    }
    await this.stands.stop();
    await this.s3?.dispose();
    await this.fresh?.drop();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  /** A queue in the stack's Redis; the caller closes it. */
  queue(name: string): Queue {
    return new Queue(name, { connection: this.redis, prefix: bullPrefix(this.redisPrefix) });
  }

  /** Puts one message on a queue, as another service sends it. */
  async send(queue: string, name: string, data: object, jobId: string): Promise<void> {
    const events = this.queue(queue);
    await events.add(name, data, { jobId });
    await events.close();
  }

  /** Waits for check() to answer something; on timeout the error shows the worker's last output. */
  until = async <T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, intervalMs = 100): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    while (Date.now() < deadline) {
      try {
        const value = await check();
        if (value) return value;
      } catch (err) {
        last = err;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${(last as Error).message})` : ''}\n${this.worker.output.slice(-20).join('')}`);
  };

  /** A request to the media service as the gateway passes it on for the caller. */
  call(method: string, target: string, body: unknown, caller: Asker): Promise<Response> {
    const headers: Record<string, string> = { 'x-internal-token': this.token, 'content-type': 'application/json' };
    if (typeof caller === 'string') Object.assign(headers, { 'x-user-id': caller, 'x-user-role': 'participant' });
    else if (caller) headers['x-manage-token'] = caller.manageToken;
    return fetch(`${this.api.url}${target}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** Waits until the photo (its gateway path) is served to anyone, and answers it. */
  served = (photoPath: string): Promise<Response> =>
    this.until(`${photoPath} served`, async () => {
      const res = await this.call('GET', servedPath(photoPath), undefined, null);
      return res.status === 200 ? res : null;
    });

  rowsOf = (standId: string): Promise<PhotoEntity[]> => this.ds.getRepository(PhotoEntity).findBy({ standId });

  expectNothingStored = async (standId: string): Promise<void> => {
    expect(await this.store.list(standPrefix(standId))).toEqual([]);
    expect(await this.rowsOf(standId)).toEqual([]);
  };
}
