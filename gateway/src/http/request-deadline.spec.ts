import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { requestDeadline } from './request-deadline.js';
import { sendError } from './send-error.js';
import { notedCause } from './unavailable.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An app whose one route is `handler`, behind the request deadline; `seen` gets each answer's noted cause. */
async function serve(handler: RequestHandler, boundMs: number, seen: unknown[] = []): Promise<string> {
  const app = express();
  app.use((_req, res, next) => {
    res.on('finish', () => seen.push(notedCause(res)));
    next();
  });
  app.use(requestDeadline({ boundMs, longer: (req) => (req.path === '/upload' ? boundMs + 1000 : null) }));
  app.all('/{*any}', handler);
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('requestDeadline', () => {
  it('answers a request that nothing answers with 503, Retry-After and the German sentence, and notes why', async () => {
    const seen: unknown[] = [];
    const base = await serve(() => undefined, 300, seen);
    const answer = await fetch(`${base}/stalled`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await answer.json()).toEqual({ message: API_ERRORS.serviceUnavailable });
    expect(seen).toEqual([expect.objectContaining({ code: 'REQUEST_DEADLINE', peer: 'gateway', attempt: 1, mayHaveReached: true })]);
  });

  it('answers 408 to a request whose body stops arriving: the client’s doing, which its service never saw', async () => {
    const seen: unknown[] = [];
    // The handler waits for the whole body, as the gateway's forwarding does.
    const base = await serve((req, res) => void req.on('end', () => res.json({ ok: true })).resume(), 300, seen);
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: API_ERRORS.bodyTimeout });
    expect(seen).toEqual([undefined]);
  });

  it('lets the handler that answers late write nothing more, and the server go on', async () => {
    let lateWrite: Promise<void> = Promise.resolve();
    const base = await serve((req, res) => {
      lateWrite = new Promise((resolve) =>
        setTimeout(() => {
          sendError(res, 'NOT_FOUND', 'Zu spät.');
          resolve();
        }, 600),
      );
    }, 300);
    expect((await fetch(`${base}/late`)).status).toBe(503);
    await lateWrite;
    expect((await fetch(`${base}/late`)).status).toBe(503);
  });

  it('leaves an answer alone that is on time, and gives the longer kind its own bound', async () => {
    // A bound of 1 s, 2 s for an upload: the upload answers after the plain bound, within its own.
    const base = await serve((req, res) => void setTimeout(() => res.json({ ok: true }), req.path === '/upload' ? 1200 : 0), 1000);
    expect((await fetch(`${base}/quick`)).status).toBe(200);
    expect((await fetch(`${base}/upload`)).status).toBe(200);
  });
});
