import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { uploadSlots } from './upload-slots.js';

/*
 * Media's upload gate in front of a JSON body parser, as startService puts it: one slot in the
 * process, a body deadline of 300 ms.
 */
let server: ReturnType<ReturnType<typeof express>['listen']>;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(uploadSlots({ UPLOAD_CONCURRENCY: 1, UPLOAD_CONCURRENCY_PER_USER: 1, UPLOAD_QUEUE: 0, UPLOAD_WAIT_MS: 1000, UPLOAD_BODY_TIMEOUT_MS: 300 }));
  app.use(express.json());
  app.post('/stands/:id/photos', (req, res) => res.json({ received: (req.body as { photoData: string }).photoData.length }));
  // What a body parser reports about a connection that closed mid-body: nobody is left to answer.
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => res.destroy());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends the head and the first bytes of a JSON body that never completes; answers what comes back until the connection closes. */
function stalledUpload(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /stands/s1/photos HTTP/1.1\r\nHost: media\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"photoData":"');
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("media's upload slots", () => {
  it('answers a body that does not arrive in time with 408, closes the connection and frees the slot', async () => {
    const answer = await stalledUpload();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(JSON.stringify({ message: API_ERRORS.bodyTimeout, code: 'REQUEST_TIMEOUT' }));
    // The only slot is free again: a whole upload goes through at once.
    const res = await fetch(`http://127.0.0.1:${port}/stands/s1/photos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ photoData: 'data:image/png;base64,AAAA' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 26 });
  });
});
