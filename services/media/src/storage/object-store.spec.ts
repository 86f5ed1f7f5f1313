import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ObjectStore, StorageUnavailableError } from './object-store.js';

/*
 * How download treats the body of an answer. A tiny HTTP server plays a store that misbehaves in
 * ways a real one rarely does on cue: it announces one size and sends another, or drops the
 * connection half-way. (The real S3-protocol server is in the integration specs.)
 */

let server: Server | null = null;
const dir = mkdtempSync(path.join(tmpdir(), 'object-store-spec-'));
const file = path.join(dir, 'original');

async function storeAnswering(answer: (res: ServerResponse) => void, timeoutMs = 2000): Promise<ObjectStore> {
  server = createServer((req, res) => {
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new ObjectStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'photos', accessKey: 'k', secretKey: 's', region: 'us-east-1', timeoutMs });
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ObjectStore.download', () => {
  it('writes a body of the announced size into the file', async () => {
    const body = Buffer.from('x'.repeat(200_000));
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': body.length, etag: '"abc"' });
      // In pieces, as a network delivers it.
      res.write(body.subarray(0, 70_000));
      setTimeout(() => res.end(body.subarray(70_000)), 10);
    });
    expect(await store.download('a/b.jpg', file)).toBe(true);
    expect(readFileSync(file).equals(body)).toBe(true);
  });

  it('reads a body without an announced size (answered chunked)', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      res.write('erster Teil, ');
      setTimeout(() => res.end('zweiter Teil'), 10);
    });
    expect(await store.download('a/b.jpg', file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('erster Teil, zweiter Teil');
  });

  it('counts a connection dropped half-way as the store being unavailable', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': 100_000 });
      res.write(Buffer.alloc(10_000));
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await expect(store.download('a/b.jpg', file)).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('gives up on a body that stalls half-way, within the call deadline', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': 100_000 });
      res.write(Buffer.alloc(10_000)); // and nothing more, connection kept open
    }, 300);
    await expect(store.download('a/b.jpg', file)).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('answers false for an object the store does not have', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
    });
    expect(await store.download('a/b.jpg', file)).toBe(false);
  });
});
