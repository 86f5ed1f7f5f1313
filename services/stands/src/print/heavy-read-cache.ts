import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { withinRequestDeadline } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/** A finished answer as it is sent: the bytes and the headers that describe them. */
export interface CachedFile {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * A file answer with its headers: `disposition` is `inline` (the browser shows it) or `attachment`
 * (it saves it), with the name to save it under. `no-store` unless the caller asks for more.
 */
export function fileAnswer(body: Buffer | string, contentType: string, disposition: string, cacheControl = 'no-store'): CachedFile {
  return {
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
    headers: { 'Content-Type': contentType, 'Content-Disposition': disposition, 'Cache-Control': cacheControl },
  };
}

/** What made an answer: kept from before, made now, or made once for several callers at the same moment. */
export type CacheOutcome = 'hit' | 'miss' | 'shared';

/** A made answer and whether it may be kept (a stand map printed without its tiles may not). */
export interface MadeFile {
  file: CachedFile;
  keep: boolean;
}

/** Bookkeeping per entry beside its bytes (key, headers, map slot). */
const ENTRY_OVERHEAD_BYTES = 512;
/** One file larger than this share of the budget is sent but not kept: it would push out many others. */
const LARGEST_SHARE = 1 / 8;

/**
 * The heavy reads of an event (route answers, the printed kit, the exports) kept in this process's
 * memory, least recently used out first within HEAVY_READ_CACHE_MB. Keys carry the event's read
 * generation (read-generation.ts), so a change of the data makes a new key and the old entry simply
 * ages out: nothing has to be told to forget, and every replica is right on its own.
 * Concurrent misses of one key make the answer once (single flight); each caller waits for it only
 * until its own request's deadline.
 */
@Injectable()
export class HeavyReadCache {
  private readonly entries = new Map<string, CachedFile>();
  private readonly flights = new Map<string, Promise<MadeFile>>();
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(@Inject(STANDS_CONFIG) config: Pick<TStandsEnv, 'HEAVY_READ_CACHE_MB'>) {
    this.maxBytes = config.HEAVY_READ_CACHE_MB * 1024 * 1024;
  }

  /** The kept answer for `key`, or the one `make` makes (shared with whoever asks for the same key meanwhile). */
  async get(kind: string, key: string, make: () => Promise<MadeFile>): Promise<{ file: CachedFile; outcome: CacheOutcome }> {
    const fullKey = `${kind}:${key}`;
    const kept = this.entries.get(fullKey);
    if (kept) {
      // Map order is the recency order: taken out and put back, it is the newest.
      this.entries.delete(fullKey);
      this.entries.set(fullKey, kept);
      return { file: kept, outcome: 'hit' };
    }
    const flying = this.flights.get(fullKey);
    // Nobody waits for a shared answer past their own request's deadline (REQUEST_DEADLINE_MS): then
    // they get a 503 while the flight goes on and keeps its answer for the next caller.
    if (flying) return { file: (await withinRequestDeadline(flying)).file, outcome: 'shared' };
    const flight = make()
      .then((made) => {
        const file = withEtag(made.file);
        if (made.keep) this.store(fullKey, file);
        return { ...made, file };
      })
      .finally(() => this.flights.delete(fullKey));
    this.flights.set(fullKey, flight);
    return { file: (await withinRequestDeadline(flight)).file, outcome: 'miss' };
  }

  private store(key: string, file: CachedFile): void {
    const size = file.body.length + ENTRY_OVERHEAD_BYTES;
    if (size > this.maxBytes * LARGEST_SHARE) return;
    this.bytes += size;
    this.entries.set(key, file);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length + ENTRY_OVERHEAD_BYTES;
    }
  }
}

/**
 * The answer with its ETag, hashed once when it is made: Express would hash the whole body again on
 * every send, and with it a browser's `If-None-Match` is answered 304 without the body.
 */
function withEtag(file: CachedFile): CachedFile {
  return { ...file, headers: { ...file.headers, ETag: `"${createHash('sha1').update(file.body).digest('base64url')}"` } };
}

/**
 * Sends a kept or made answer. `X-Cache` tells the caller how: made for this call (`miss`), kept from
 * before (`hit`), or made once for this and other calls at the same moment (`shared`).
 */
export function sendCached(res: Response, answer: { file: CachedFile; outcome: CacheOutcome }): void {
  for (const [name, value] of Object.entries(answer.file.headers)) res.setHeader(name, value);
  res.setHeader('X-Cache', answer.outcome);
  res.send(answer.file.body);
}
