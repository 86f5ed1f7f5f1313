import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { parseRequestTarget } from '@flohmarkt/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { passThrough } from './pass-through.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * A development helper that keeps a connection open after its first answer, then resets it when the
 * next request comes on it: what a caller meets when it reuses a pooled connection at the moment the
 * helper closes it as idle (Node's 5 s keep-alive), only on cue.
 */
async function helperClosingIdleConnections(): Promise<URL> {
  const server = net.createServer((socket) => {
    let answered = false;
    socket.on('data', () => {
      if (answered) return void socket.resetAndDestroy();
      answered = true;
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\nkeep-alive: timeout=5\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function gatewayPassingTo(base: URL): Promise<string> {
  const app = express();
  app.use((req, res) => {
    req.target = parseRequestTarget(req.url)!;
    passThrough(req, res, base, {}, 'none');
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('passThrough', () => {
  it('answers every request of a healthy helper, never one on a connection the helper has closed as idle', async () => {
    const gateway = await gatewayPassingTo(await helperClosingIdleConnections());
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${gateway}/dev/mail/${i}`);
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200]);
  });
});
