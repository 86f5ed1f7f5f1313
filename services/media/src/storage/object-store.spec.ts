import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createSocketServer, type Server as SocketServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ObjectStore, STORE_IDLE_SOCKET_MS } from './object-store.js';
import { StorageUnavailableError } from './storage-errors.js';

/*
 * How download treats the body of an answer. A tiny HTTP server plays a store that misbehaves in
 * ways a real one rarely does on cue: it announces one size and sends another, or drops the
 * connection half-way. (The real S3-protocol server is in the integration specs.)
 */

let server: Server | null = null;
const dir = mkdtempSync(path.join(tmpdir(), 'object-store-spec-'));
const file = path.join(dir, 'original');

async function storeAnswering(answer: (res: ServerResponse, req: IncomingMessage) => void, timeoutMs = 2000): Promise<ObjectStore> {
  server = createServer((req, res) => {
    req.resume();
    answer(res, req);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new ObjectStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'photos', accessKey: 'k', secretKey: 's', region: 'us-east-1', timeoutMs });
}

/** A store that writes raw bytes on the connection, for answers an HTTP server would not send in pieces. */
let socketServer: SocketServer | null = null;
async function storeWritingRaw(parts: string[]): Promise<ObjectStore> {
  socketServer = createSocketServer((socket) => {
    socket.once('data', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      socket.end();
    });
  });
  await new Promise<void>((resolve) => socketServer!.listen(0, '127.0.0.1', resolve));
  const { port } = socketServer.address() as AddressInfo;
  return new ObjectStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'photos', accessKey: 'k', secretKey: 's', region: 'us-east-1', timeoutMs: 2000 });
}

afterEach(async () => {
  server?.closeAllConnections();
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
  server = null;
  if (socketServer?.listening) await new Promise((resolve) => socketServer!.close(resolve));
  socketServer = null;
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

  it('asks for the object with a signed GET of its path', async () => {
    let seen: IncomingMessage | null = null;
    const store = await storeAnswering((res, req) => {
      seen = req;
      res.writeHead(200, { 'content-length': 2 });
      res.end('ok');
    });
    expect(await store.download('stands/s1/p1-original', file)).toBe(true);
    const url = new URL(seen!.url!, 'http://store');
    expect(seen!.method).toBe('GET');
    expect(url.pathname).toBe('/photos/stands/s1/p1-original');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^k\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes a body many times larger than one read of the connection', async () => {
    const body = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 7919) % 251));
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.end(body);
    });
    expect(await store.download('a/b.jpg', file)).toBe(true);
    expect(readFileSync(file).equals(body)).toBe(true);
  });

  it('reads status line and headers that arrive in several pieces', async () => {
    const store = await storeWritingRaw(['HTTP/1.1 200 OK\r\nEtag: "a"\r\nConte', 'nt-Length: 12\r\n', '\r\nHallo', ' Markt!']);
    expect(await store.download('a/b.jpg', file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('Hallo Markt!');
  });

  it('writes an empty object as an empty file', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': 0 });
      res.end();
    });
    expect(await store.download('a/b.jpg', file)).toBe(true);
    expect(readFileSync(file).length).toBe(0);
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

  it('counts an answer of 503 as the store being unavailable', async () => {
    const store = await storeAnswering((res) => {
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>');
    });
    await expect(store.download('a/b.jpg', file)).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('counts a store that refuses the connection as unavailable', async () => {
    const store = await storeAnswering((res) => res.end());
    await new Promise((resolve) => server!.close(resolve));
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

describe('ObjectStore connections', () => {
  it('never reuses a connection idle for as long as a Node server keeps one (5 s): it drops it first', async () => {
    // A store that would keep the connection far longer: whatever closes it here is our own pool.
    let connections = 0;
    const store = await storeAnswering((res) => {
      res.writeHead(200, { 'content-length': 2, etag: '"e"' });
      res.end('ok');
    });
    server!.keepAliveTimeout = 60_000;
    server!.on('connection', () => connections++);
    const read = async () => {
      const found = await store.open('a/b.jpg');
      for await (const chunk of found!.stream) void chunk;
    };
    await read();
    await read();
    expect(connections).toBe(1);
    expect(STORE_IDLE_SOCKET_MS).toBeLessThan(5000);
    await new Promise((resolve) => setTimeout(resolve, STORE_IDLE_SOCKET_MS + 300));
    await read();
    expect(connections).toBe(2);
  });
});
