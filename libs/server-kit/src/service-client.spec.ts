import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeTargetError } from './request-target.js';
import { readAll, ServiceClient, ServiceUnavailableError } from './service-client.js';

let alive: http.Server;
let aliveUrl: string;
let deadUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  alive = http.createServer((req, res) => {
    seen.push(String(req.headers['x-internal-token']));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => alive.listen(0, '127.0.0.1', () => r()));
  aliveUrl = `http://127.0.0.1:${(alive.address() as AddressInfo).port}`;
  // A port that was just free: connections to it are refused, like a replica that died.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((r) => probe.close(r));
});

afterAll(() => alive.close());

describe('ServiceClient', () => {
  it('sends every call to a live replica when another refuses connections, also under concurrency', async () => {
    const client = new ServiceClient('events', [deadUrl, aliveUrl, deadUrl], 'secret-token-0123456789');
    const answers = await Promise.all(Array.from({ length: 30 }, () => client.json({ method: 'GET', path: '/x', requestId: 'r', timeoutMs: 2000 })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(seen.every((token) => token === 'secret-token-0123456789')).toBe(true);
  });

  it('is unavailable when no replica answers', async () => {
    const client = new ServiceClient('events', [deadUrl], 'secret-token-0123456789');
    await expect(client.json({ method: 'GET', path: '/x', requestId: 'r', timeoutMs: 2000 })).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('gives up on a replica that does not answer in time, and never sends the call again', async () => {
    let calls = 0;
    const hung = http.createServer(() => {
      calls++; // never answers
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
    const hungUrl = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const client = new ServiceClient('events', [hungUrl, aliveUrl], 'secret-token-0123456789');
    const started = Date.now();
    await expect(client.json({ method: 'POST', path: '/x', body: {}, requestId: 'r', timeoutMs: 300 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls).toBe(1);
    hung.closeAllConnections();
    hung.close();
  });
});

describe('ServiceClient targets', () => {
  it('never sends a call whose path would leave the service base', async () => {
    const before = seen.length;
    const client = new ServiceClient('events', [aliveUrl], 'secret-token-0123456789');
    for (const path of ['http://127.0.0.1:9/x', '/users/..\\internal\\users', '/media/%2e%2e/metrics']) {
      await expect(client.json({ method: 'GET', path, requestId: 'r', timeoutMs: 2000 }), path).rejects.toBeInstanceOf(UnsafeTargetError);
    }
    expect(seen.length).toBe(before);
  });
});

describe('readAll', () => {
  it('gives the whole answer, in however many chunks it came', async () => {
    const stream = Readable.from([Buffer.from('{"name":"Hof'), 'flohmarkt', Buffer.from(' Südstadt"}')], { objectMode: false });
    expect((await readAll(stream)).toString('utf8')).toBe('{"name":"Hofflohmarkt Südstadt"}');
  });

  it('rejects an answer that stops before its end, failed or only closed', async () => {
    const failed = new Readable({ read() {} });
    failed.push('{"name":');
    setImmediate(() => failed.destroy(new Error('socket hang up')));
    await expect(readAll(failed)).rejects.toThrow('socket hang up');
    const closed = new Readable({ read() {} });
    closed.push('{"name":');
    setImmediate(() => closed.destroy());
    await expect(readAll(closed)).rejects.toThrow('closed before its end');
    await expect(readAll(closed)).rejects.toThrow('closed before its end');
  });
});
